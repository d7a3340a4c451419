// SHA-256 against the FIPS 180-2 / NIST example vectors.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/sha256.hpp"

using namespace pb;

TEST_CASE("sha256: the FIPS 180 test vectors") {
    CHECK(to_hex(sha256("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(to_hex(sha256("")) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(to_hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(to_hex(sha256(std::string(1000000, 'a'))) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: fed in pieces of any size gives the same digest") {
    const std::string text(1000000, 'a');
    for (std::size_t piece : {1u, 3u, 63u, 64u, 65u, 4096u}) {
        CAPTURE(piece);
        Sha256 s;
        for (std::size_t at = 0; at < text.size(); at += piece)
            s.update(text.data() + at, std::min(piece, text.size() - at));
        CHECK(to_hex(s.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    }
}
