#include "proxy/server/header_writer.h"

namespace groundgate::proxy::server {
namespace http = boost::beast::http;

namespace {

void append(std::string& out, boost::core::string_view s) {
  out.append(s.data(), s.size());
}

void append_fields(const http::fields& fields, std::string& out) {
  for (const auto& field : fields) {
    append(out, field.name_string());
    out += ": ";
    append(out, field.value());
    out += "\r\n";
  }
  out += "\r\n";
}

void append_version(unsigned version, std::string& out) {
  out += "HTTP/";
  out += static_cast<char>('0' + version / 10);
  out += '.';
  out += static_cast<char>('0' + version % 10);
}

}  // namespace

void append_header(const http::request_header<>& header, std::string& out) {
  append(out, header.method_string());
  out += ' ';
  append(out, header.target());
  out += ' ';
  append_version(header.version(), out);
  out += "\r\n";
  append_fields(header, out);
}

void append_header(const http::response_header<>& header, std::string& out) {
  append_version(header.version(), out);
  const unsigned code = header.result_int();
  const char status[] = {' ', static_cast<char>('0' + code / 100),
                         static_cast<char>('0' + code / 10 % 10),
                         static_cast<char>('0' + code % 10), ' '};
  out.append(status, sizeof status);
  append(out, header.reason());
  out += "\r\n";
  append_fields(header, out);
}

}  // namespace groundgate::proxy::server
