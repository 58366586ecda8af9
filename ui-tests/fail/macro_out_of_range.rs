// 2^63 does not fit in i64.
fn main() {
    let _ = cute::layout!(8:9223372036854775808);
}
