// P-256 ECDSA with SHA-256, and SHA-384, from the system's libcrypto (OpenSSL 3): what MockStore
// signs promotional offers and computes device verification with on Linux (MockStore's
// Platform/P256+OpenSSL.swift says why not swift-crypto). Keys cross as the 32-byte private
// scalar and the 65-byte uncompressed public point, signatures as r || s (64 bytes), so no
// OpenSSL object outlives a call and Swift frees nothing.
#ifndef TOLLBOOTH_COPENSSL_SHIM_H
#define TOLLBOOTH_COPENSSL_SHIM_H

// The EC_KEY calls are deprecated in OpenSSL 3 but present through 3.x; without this each
// call would be a warning in every build.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <stddef.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/sha.h>
#include <openssl/x509.h>

/// The P-256 key with private scalar `raw` and its public point, or NULL when `raw` is no valid
/// scalar (zero, or not below the group order).
static inline EC_KEY *tb_p256_key(const unsigned char *raw) {
    EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    BIGNUM *d = BN_bin2bn(raw, 32, NULL);
    EC_POINT *pub = key ? EC_POINT_new(EC_KEY_get0_group(key)) : NULL;
    int ok = key && d && pub && EC_KEY_set_private_key(key, d) == 1
        && EC_POINT_mul(EC_KEY_get0_group(key), pub, d, NULL, NULL, NULL) == 1
        && EC_KEY_set_public_key(key, pub) == 1 && EC_KEY_check_key(key) == 1;
    BN_clear_free(d);
    EC_POINT_free(pub);
    if (!ok) { EC_KEY_free(key); return NULL; }
    return key;
}

/// Checks `raw` is a valid private scalar: 1 when it is.
static inline int tb_p256_valid(const unsigned char *raw) {
    EC_KEY *key = tb_p256_key(raw);
    EC_KEY_free(key);
    return key != NULL;
}

/// A new random key's scalar into `raw` (32 bytes): 1 on success.
static inline int tb_p256_generate(unsigned char *raw) {
    EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    int ok = key && EC_KEY_generate_key(key) == 1
        && BN_bn2binpad(EC_KEY_get0_private_key(key), raw, 32) == 32;
    EC_KEY_free(key);
    return ok;
}

/// The scalar of a P-256 private key in DER (PKCS #8 or SEC 1), all `length` bytes of it, into
/// `raw` (32 bytes): 1 on success, 0 for anything else (another curve or algorithm, trailing bytes).
static inline int tb_p256_raw_from_der(const unsigned char *der, long length, unsigned char *raw) {
    const unsigned char *cursor = der;
    EVP_PKEY *pkey = d2i_AutoPrivateKey(NULL, &cursor, length);
    EC_KEY *key = pkey && EVP_PKEY_get_base_id(pkey) == EVP_PKEY_EC ? EVP_PKEY_get1_EC_KEY(pkey) : NULL;
    int ok = key && cursor == der + length
        && EC_GROUP_get_curve_name(EC_KEY_get0_group(key)) == NID_X9_62_prime256v1
        && EC_KEY_get0_private_key(key) != NULL
        && BN_bn2binpad(EC_KEY_get0_private_key(key), raw, 32) == 32;
    EC_KEY_free(key);
    EVP_PKEY_free(pkey);
    return ok && tb_p256_valid(raw);
}

/// The key as PKCS #8 DER (what a `.p8` file holds) into `out`: its length, or -1 when it does
/// not fit in `capacity` bytes or `raw` is no valid scalar.
static inline int tb_p256_pkcs8(const unsigned char *raw, unsigned char *out, int capacity) {
    EC_KEY *key = tb_p256_key(raw);
    EVP_PKEY *pkey = key ? EVP_PKEY_new() : NULL;
    PKCS8_PRIV_KEY_INFO *info = pkey && EVP_PKEY_set1_EC_KEY(pkey, key) == 1 ? EVP_PKEY2PKCS8(pkey) : NULL;
    int length = info ? i2d_PKCS8_PRIV_KEY_INFO(info, NULL) : -1;
    if (length > 0 && length <= capacity) {
        unsigned char *cursor = out;
        length = i2d_PKCS8_PRIV_KEY_INFO(info, &cursor);
    } else {
        length = -1;
    }
    PKCS8_PRIV_KEY_INFO_free(info);
    EVP_PKEY_free(pkey);
    EC_KEY_free(key);
    return length;
}

/// The public point of the key with scalar `raw`, uncompressed (65 bytes), into `out`: 1 on success.
static inline int tb_p256_public(const unsigned char *raw, unsigned char *out) {
    EC_KEY *key = tb_p256_key(raw);
    int ok = key && EC_POINT_point2oct(EC_KEY_get0_group(key), EC_KEY_get0_public_key(key),
                                       POINT_CONVERSION_UNCOMPRESSED, out, 65, NULL) == 65;
    EC_KEY_free(key);
    return ok;
}

/// ECDSA over SHA-256 of `message` with the key of scalar `raw`, as r || s into `out` (64 bytes):
/// 1 on success.
static inline int tb_p256_sign(const unsigned char *raw, const unsigned char *message, size_t length,
                               unsigned char *out) {
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(message, length, digest);
    EC_KEY *key = tb_p256_key(raw);
    ECDSA_SIG *sig = key ? ECDSA_do_sign(digest, sizeof digest, key) : NULL;
    const BIGNUM *r = NULL, *s = NULL;
    if (sig) ECDSA_SIG_get0(sig, &r, &s);
    int ok = sig && BN_bn2binpad(r, out, 32) == 32 && BN_bn2binpad(s, out + 32, 32) == 32;
    ECDSA_SIG_free(sig);
    EC_KEY_free(key);
    return ok;
}

/// Whether r || s (`signature`, 64 bytes) is an ECDSA signature over SHA-256 of `message` by the
/// public point `point` (65 bytes, uncompressed): 1 when it is.
static inline int tb_p256_verify(const unsigned char *point, const unsigned char *signature,
                                 const unsigned char *message, size_t length) {
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(message, length, digest);
    EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
    EC_POINT *pub = key ? EC_POINT_new(EC_KEY_get0_group(key)) : NULL;
    ECDSA_SIG *sig = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(signature, 32, NULL), *s = BN_bin2bn(signature + 32, 32, NULL);
    int ok = pub && sig && r && s
        && EC_POINT_oct2point(EC_KEY_get0_group(key), pub, point, 65, NULL) == 1
        && EC_KEY_set_public_key(key, pub) == 1 && ECDSA_SIG_set0(sig, r, s) == 1;
    if (ok) { r = NULL; s = NULL; }  // the signature owns them now
    ok = ok && ECDSA_do_verify(digest, sizeof digest, sig, key) == 1;
    BN_free(r);
    BN_free(s);
    ECDSA_SIG_free(sig);
    EC_POINT_free(pub);
    EC_KEY_free(key);
    return ok;
}

/// A DER ECDSA-Sig-Value, all `length` bytes of it, as r || s into `out` (64 bytes): 1 on success.
static inline int tb_ecdsa_der_to_raw(const unsigned char *der, long length, unsigned char *out) {
    const unsigned char *cursor = der;
    ECDSA_SIG *sig = d2i_ECDSA_SIG(NULL, &cursor, length);
    const BIGNUM *r = NULL, *s = NULL;
    if (sig) ECDSA_SIG_get0(sig, &r, &s);
    int ok = sig && cursor == der + length && BN_bn2binpad(r, out, 32) == 32 && BN_bn2binpad(s, out + 32, 32) == 32;
    ECDSA_SIG_free(sig);
    return ok;
}

/// r || s (64 bytes) as a DER ECDSA-Sig-Value into `out`: its length, or -1 when it does not fit
/// in `capacity` bytes (72 always do).
static inline int tb_ecdsa_raw_to_der(const unsigned char *raw, unsigned char *out, int capacity) {
    ECDSA_SIG *sig = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(raw, 32, NULL), *s = BN_bin2bn(raw + 32, 32, NULL);
    int length = -1;
    if (sig && r && s && ECDSA_SIG_set0(sig, r, s) == 1) {
        r = NULL; s = NULL;
        length = i2d_ECDSA_SIG(sig, NULL);
        if (length > 0 && length <= capacity) {
            unsigned char *cursor = out;
            length = i2d_ECDSA_SIG(sig, &cursor);
        } else {
            length = -1;
        }
    }
    BN_free(r);
    BN_free(s);
    ECDSA_SIG_free(sig);
    return length;
}

#endif
