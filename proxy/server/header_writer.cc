#include "proxy/server/header_writer.h"

namespace groundgate::proxy::server {
namespace {

void append_version(unsigned version, std::string& out) {
  const char text[] = {'H', 'T',
                       'T', 'P',
                       '/', static_cast<char>('0' + version / 10),
                       '.', static_cast<char>('0' + version % 10)};
  out.append(text, sizeof text);
}

}  // namespace

void append_request_line(std::string_view method, std::string_view target, unsigned version,
                         std::string& out) {
  out.append(method);
  out += ' ';
  out.append(target);
  out += ' ';
  append_version(version, out);
  out += "\r\n";
}

void append_status_line(unsigned version, unsigned code, std::string_view reason,
                        std::string& out) {
  append_version(version, out);
  const char status[] = {' ', static_cast<char>('0' + code / 100 % 10),
                         static_cast<char>('0' + code / 10 % 10),
                         static_cast<char>('0' + code % 10), ' '};
  out.append(status, sizeof status);
  out.append(reason);
  out += "\r\n";
}

void append_field(std::string_view name, std::string_view value, std::string& out) {
  out.append(name);
  out += ": ";
  out.append(value);
  out += "\r\n";
}

void end_header(std::string& out) {
  out += "\r\n";
}

}  // namespace groundgate::proxy::server
