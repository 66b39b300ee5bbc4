#pragma once
// A throw-away CA and a server certificate for "localhost" / 127.0.0.1, made with OpenSSL at
// test time (no certificate is committed).

#include <string>

namespace groundgate::testing {

struct TestCerts {
  std::string ca_file;    // PEM: the CA certificate (trust anchor for clients)
  std::string cert_file;  // PEM: server certificate signed by the CA
  std::string key_file;   // PEM: server private key
  std::string error;      // empty on success
};

TestCerts make_test_certs(const std::string& dir);

}  // namespace groundgate::testing
