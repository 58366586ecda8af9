//! The `cute eval` call language on arbitrary text: it never panics (a panic is a crash the
//! fuzzer reports), never loops or grows without bound (libFuzzer's time and memory limits), an
//! error message never carries a raw control character of the input, and a result printed in
//! CuTe notation reads back as the same value.
#![no_main]

use cute::dynamic::{IntTuple, Layout};
use cute_eval::Value;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match cute_eval::eval(text) {
        Ok(Value::Layout(l)) => assert_eq!(l.to_string().parse::<Layout>().as_ref(), Ok(&l), "{}", l),
        Ok(Value::Tuple(t)) => assert_eq!(t.to_string().parse::<IntTuple>().as_ref(), Ok(&t), "{}", t),
        Ok(_) => {}
        Err(e) => {
            let message = e.to_string();
            assert!(!message.chars().any(char::is_control), "raw control character in {:?}", message);
        }
    }
});
