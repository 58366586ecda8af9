// Along e0 the entries reach 3 * (2^63 - 2) * 2^63, past i128::MAX as well as i64::MAX: still the
// error naming the element, not an overflow of the macro's own arithmetic.
fn main() {
    let _ = cute::layout!(
        (9223372036854775807,9223372036854775807,9223372036854775807)
            :(-9223372036854775808@0,-9223372036854775808@0,-9223372036854775808@0)
    );
}
