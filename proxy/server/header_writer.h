#pragma once
// HTTP message headers written as bytes, the way Beast's serializer writes them, into one
// string. A header written this way is one buffer for a single write, and a forwarded header
// goes straight from the fields it came in to bytes: Beast would need a fields object built
// for it (an allocation and a tree insertion per field) and walk a buffer per field through a
// composed write, several times the instructions for each request and response.

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::proxy::server {

// Room to reserve for a header written here, so that appending its lines does not regrow the
// string several times (typical API headers are a few hundred bytes).
inline constexpr std::size_t kHeaderReserve = 1024;

// "<method> <target> HTTP/<major>.<minor>\r\n"; `version` as Beast has it (11 for 1.1).
void append_request_line(std::string_view method, std::string_view target, unsigned version,
                         std::string& out);
// "HTTP/<major>.<minor> <code> <reason>\r\n"
void append_status_line(unsigned version, unsigned code, std::string_view reason, std::string& out);
// "<name>: <value>\r\n"
void append_field(std::string_view name, std::string_view value, std::string& out);
// The empty line that ends a header.
void end_header(std::string& out);

}  // namespace groundgate::proxy::server
