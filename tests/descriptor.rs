//! Seed 001's basis descriptors: the parser on the seed's examples, on arbitrary text (never a
//! panic, always an error with a byte offset) and on generated descriptors (the round trip
//! parse, normalize, print, parse keeps the strides).

use cute::dynamic::{parse_descriptor, BasisStride, ErrorKind, HTuple, ScaledBasis};
use proptest::prelude::*;

fn normalized(text: &str) -> String {
    parse_descriptor(text).unwrap().normalize().unwrap().to_string()
}

#[test]
fn the_seeds_examples() {
    assert_eq!(normalized("(1@0, 1@1)"), "(1@0, 1@1)");
    assert_eq!(normalized("(16@0, 1@1)"), "(16@0, 1@1)");
    assert_eq!(normalized("((1@0, 8@1), 1@2)"), "((1@0, 8@1), 1@2)");
    assert_eq!(normalized("(1@0@1)"), "(1@0@1)");
    assert_eq!(normalized("()"), "()");
    assert_eq!(normalized("(() , ( ()))"), "((), (()))");
    // Spaces and tabs anywhere between tokens.
    assert_eq!(normalized(" \t( 16 @ 0 ,1\t@\t1 ) \t"), "(16@0, 1@1)");
    // A fraction that is an integer becomes it; one that is not is rejected with its offset.
    assert_eq!(normalized("(8/4@0, -6/-3@1, 6/-3@2)"), "(2@0, 2@1, -2@2)");
    let e = parse_descriptor("(1/2@0, 4@1)").unwrap().normalize().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: at byte 1: 1/2@0: the count 1/2 is not an integer, and a layout's strides are"
    );
    let e = parse_descriptor("((1@0), 7/0@3@1)").unwrap().normalize().unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: at byte 8: 7/0@3@1: zero denominator");
    // The nested basis keeps its dims innermost first.
    let s = parse_descriptor("(3@1@0)").unwrap().normalize().unwrap();
    assert_eq!(s, BasisStride(HTuple::Tuple(vec![HTuple::Leaf(ScaledBasis::new(3, vec![1, 0]))])));
}

#[test]
fn every_failure_names_the_offset_and_the_expected_token() {
    let cases = [
        ("", "at byte 0: expected '(', found the end of the text"),
        ("1@0", "at byte 0: expected '(', found '1'"),
        ("(", "at byte 1: expected an entry ('(' or a count), found the end of the text"),
        ("(1@0", "at byte 4: expected ',' or ')', found the end of the text"),
        ("(1@0,)", "at byte 5: expected an entry ('(' or a count), found ')'"),
        ("(1)", "at byte 2: expected '/' or '@', found ')'"),
        ("(1/@0)", "at byte 3: expected a denominator (an integer), found '@'"),
        ("(1/2)", "at byte 4: expected '@', found ')'"),
        ("(1@)", "at byte 3: expected a dim (an unsigned integer), found ')'"),
        ("(1@-1)", "at byte 3: expected a dim (an unsigned integer), found '-'"),
        ("(-@0)", "at byte 2: expected a count (an integer), found '@'"),
        ("(1@0 2@1)", "at byte 5: expected ',' or ')', found '2'"),
        ("(1@0) x", "at byte 6: expected the end of the descriptor, found 'x'"),
        ("(1@0)\n", "at byte 5: expected the end of the descriptor, found '\\n'"),
        ("(99999999999999999999@0)", "at byte 1: a count (an integer) does not fit in 64 bits"),
        ("(1@4294967296)", "at byte 3: a dim (an unsigned integer) does not fit in 32 bits"),
        ("(1@0,\u{e9})", "at byte 5: expected an entry ('(' or a count), found '\u{e9}'"),
    ];
    for (text, message) in cases {
        let e = parse_descriptor(text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Parse, "{:?}", text);
        assert_eq!(e.to_string(), format!("parse: {}", message), "{:?}", text);
    }
}

/// A descriptor tree of at most 3 levels, with its text written with random spacing and counts
/// as integers or as fractions that divide.
fn descriptors() -> impl Strategy<Value = (String, String)> {
    let basis = (-50i64..50, 1i64..4, prop::bool::ANY, prop::collection::vec(0u32..5, 1..3), 0usize..3).prop_map(
        |(v, d, frac, dims, pad)| {
            let sp = [" ", "", "\t"][pad];
            let dims_text: String = dims.iter().map(|d| format!("{}@{}{}", sp, sp, d)).collect();
            let count = if frac { format!("{}/{}", v * d, d) } else { format!("{}", v) };
            let printed: String = format!("{}{}", v, dims.iter().map(|d| format!("@{}", d)).collect::<String>());
            (format!("{}{}{}", sp, count, dims_text), printed)
        },
    );
    let tree = basis.prop_recursive(3, 24, 4, |inner| {
        (prop::collection::vec(inner, 0..4), 0usize..3).prop_map(|(v, pad)| {
            let sp = [" ", "", "\t"][pad];
            let text = v.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>().join(&format!("{},{}", sp, sp));
            let printed = v.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>().join(", ");
            (format!("({}{}{})", sp, text, sp), format!("({})", printed))
        })
    });
    prop::collection::vec(tree, 0..4).prop_map(|v| {
        let text = v.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>().join(" , ");
        let printed = v.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>().join(", ");
        (format!(" ( {} ) ", text), format!("({})", printed))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Arbitrary bytes never panic the parser; a failure is a parse error with a byte offset and
    /// no raw control character.
    #[test]
    fn arbitrary_text_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse_descriptor(&text) {
            prop_assert_eq!(e.kind(), ErrorKind::Parse);
            let m = e.to_string();
            prop_assert!(m.starts_with("parse: at byte "), "{}", m);
            prop_assert!(!m.chars().any(char::is_control), "{:?}", m);
        }
    }

    /// Text over the grammar's own characters goes deep into the parser; whatever parses and
    /// normalizes prints as text that parses back to the same strides.
    #[test]
    fn grammar_characters_round_trip(chars in prop::collection::vec(prop::sample::select(&b"()@,/- \t0123456789"[..]), 0..48)) {
        let text = String::from_utf8(chars).unwrap();
        if let Ok(d) = parse_descriptor(&text) {
            if let Ok(s) = d.normalize() {
                let again = parse_descriptor(&s.to_string()).unwrap().normalize().unwrap();
                prop_assert_eq!(again, s);
            }
        }
    }

    /// A generated descriptor parses, normalizes to the expected strides, and the round trip
    /// keeps them.
    #[test]
    fn generated_descriptors_round_trip((text, printed) in descriptors()) {
        let s = parse_descriptor(&text).unwrap().normalize().unwrap();
        prop_assert_eq!(s.to_string(), printed);
        let again = parse_descriptor(&s.to_string()).unwrap().normalize().unwrap();
        prop_assert_eq!(again, s);
    }
}
