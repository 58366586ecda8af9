//! The helpers of the static face's tests: hand-written tuple types and agreement with the
//! dynamic engine.

use cute::dynamic;

/// A static tuple type: `t![P4, t![P3, P2]]` is `(4,(3,2))`.
#[allow(unused_macros)]
macro_rules! t {
    () => { cute::HNil };
    ($h:ty $(, $rest:ty)* $(,)?) => { cute::HCons<$h, t![$($rest),*]> };
}
#[allow(unused_imports)]
pub(crate) use t;

#[allow(dead_code)]
pub fn parse(text: &str) -> dynamic::Layout {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The static result equals the dynamic engine's, as a layout and as text.
#[allow(dead_code)]
#[track_caller]
pub fn agrees(static_result: dynamic::Layout, dynamic_result: dynamic::Result<dynamic::Layout>) {
    let d = dynamic_result.expect("the dynamic engine accepts what the static face accepts");
    assert_eq!(static_result, d);
    assert_eq!(static_result.to_string(), d.to_string());
}
