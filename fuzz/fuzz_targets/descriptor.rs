//! Seed 001's descriptor parser on arbitrary bytes: it never panics (a panic is a crash the
//! fuzzer reports), a failure names a byte offset and carries no raw control character, and a
//! descriptor that parses and normalizes prints as text that parses back to the same strides.
#![no_main]

use cute::dynamic::parse_descriptor;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse_descriptor(&text) {
        Ok(d) => {
            if let Ok(s) = d.normalize() {
                let printed = s.to_string();
                let again = parse_descriptor(&printed).expect("printed text parses").normalize();
                assert_eq!(again.as_ref(), Ok(&s), "{}", printed);
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with("parse: at byte "), "{}", message);
            assert!(!message.chars().any(char::is_control), "raw control character in {:?}", message);
        }
    }
});
