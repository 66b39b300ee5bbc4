#include "tests/integration/support/test_certs.h"

#include <cstdio>
#include <memory>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace groundgate::testing {

namespace {

struct Free {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(X509* p) const { X509_free(p); }
};
using Key = std::unique_ptr<EVP_PKEY, Free>;
using Cert = std::unique_ptr<X509, Free>;

bool add_extension(X509* cert, X509* issuer, int nid, const char* value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
  X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
  if (ext == nullptr) return false;
  bool ok = X509_add_ext(cert, ext, -1) == 1;
  X509_EXTENSION_free(ext);
  return ok;
}

Cert make_cert(EVP_PKEY* key, const char* common_name, X509* issuer, EVP_PKEY* issuer_key,
               long serial, bool is_ca) {
  Cert cert(X509_new());
  X509_set_version(cert.get(), 2);
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), serial);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
  X509_set_pubkey(cert.get(), key);
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             reinterpret_cast<const unsigned char*>(common_name), -1, -1, 0);
  X509* signer = issuer != nullptr ? issuer : cert.get();
  X509_set_issuer_name(cert.get(), X509_get_subject_name(signer));
  bool ok =
      is_ca
          ? add_extension(cert.get(), signer, NID_basic_constraints, "critical,CA:TRUE") &&
                add_extension(cert.get(), signer, NID_key_usage, "critical,keyCertSign,cRLSign")
          : add_extension(cert.get(), signer, NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1") &&
                add_extension(cert.get(), signer, NID_basic_constraints, "CA:FALSE");
  if (!ok || X509_sign(cert.get(), issuer_key != nullptr ? issuer_key : key, EVP_sha256()) == 0) {
    return nullptr;
  }
  return cert;
}

bool write_pem(const std::string& path, X509* cert, EVP_PKEY* key) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) return false;
  bool ok = cert != nullptr
                ? PEM_write_X509(f, cert) == 1
                : PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
  std::fclose(f);
  return ok;
}

}  // namespace

TestCerts make_test_certs(const std::string& dir) {
  TestCerts out{dir + "/ca.pem", dir + "/server.pem", dir + "/server-key.pem", {}};
  Key ca_key(EVP_EC_gen("P-256"));
  Key server_key(EVP_EC_gen("P-256"));
  if (!ca_key || !server_key) {
    out.error = "key generation failed";
    return out;
  }
  Cert ca = make_cert(ca_key.get(), "groundgate test CA", nullptr, nullptr, 1, true);
  Cert server =
      ca ? make_cert(server_key.get(), "localhost", ca.get(), ca_key.get(), 2, false) : nullptr;
  if (!ca || !server) {
    out.error = "certificate creation failed";
    return out;
  }
  if (!write_pem(out.ca_file, ca.get(), nullptr) ||
      !write_pem(out.cert_file, server.get(), nullptr) ||
      !write_pem(out.key_file, nullptr, server_key.get())) {
    out.error = "cannot write PEM files in " + dir;
  }
  return out;
}

}  // namespace groundgate::testing
