// -2^63 - 1 does not fit in i64; the error covers the sign too.
fn main() {
    let _ = cute::stride!(-9223372036854775809);
}
