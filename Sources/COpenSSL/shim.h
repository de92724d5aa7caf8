#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/crypto.h>
#include <openssl/bn.h>
#include <openssl/bio.h>

/*
 * OSSL_PARAM and OSSL_PARAM_BLD keep the name (and utf8 value) pointers they are given,
 * so Swift must not pass temporary C strings made from Swift Strings: these names live
 * for the whole process.
 */
static const char *const shim_param_rsa_n = OSSL_PKEY_PARAM_RSA_N;
static const char *const shim_param_rsa_e = OSSL_PKEY_PARAM_RSA_E;
static const char *const shim_param_kdf_key = OSSL_KDF_PARAM_KEY;
static const char *const shim_param_kdf_salt = OSSL_KDF_PARAM_SALT;
static const char *const shim_param_kdf_info = OSSL_KDF_PARAM_INFO;
static const char *const shim_param_kdf_digest = OSSL_KDF_PARAM_DIGEST;
static const char *const shim_digest_sha256 = "SHA256";

/* Composite and function-like macros do not import into Swift. */
static inline int shim_evp_pkey_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int shim_mbstring_utf8(void) { return MBSTRING_UTF8; }

static inline void shim_openssl_free(void *pointer) { OPENSSL_free(pointer); }

static inline long shim_bio_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }
