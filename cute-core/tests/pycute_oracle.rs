//! Golden cases of the PyCuTe-only operations (`coalesce_z`, `greatest_common_domain`,
//! `layout_add`) from the shared oracle file: every result must print exactly as expected and
//! every error case must be rejected. Results are also checked against the operations'
//! functional post-conditions.

use std::collections::BTreeMap;
use std::path::PathBuf;

use cute_core::dynamic::{coalesce_z, greatest_common_domain, layout_add, ErrorKind, IntTuple, Layout, Result};
use serde_json::Value;

const OPS: [&str; 3] = ["coalesce_z", "greatest_common_domain", "layout_add"];

fn oracle_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/oracle/public.jsonl")
}

/// An argument as CuTe text: strings as is, integers in decimal.
fn arg_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn layout(v: &Value) -> Layout {
    arg_text(v).parse().unwrap_or_else(|e| panic!("bad layout {v}: {e}"))
}

fn int_tuple(v: &Value) -> IntTuple {
    arg_text(v).parse().unwrap_or_else(|e| panic!("bad shape {v}: {e}"))
}

/// Functional post-conditions of a successful result.
fn check_function(op: &str, args: &[Value], r: &Layout) {
    let size = r.size().unwrap();
    match op {
        "coalesce_z" => {
            let l = layout(&args[0]);
            assert_eq!(size, l.size().unwrap());
            assert!(r.depth() <= 1);
            // The last mode is kept, so indices beyond the size agree too.
            for i in 0..2 * size + 3 {
                assert_eq!(r.call(i).unwrap(), l.call(i).unwrap(), "coalesce_z({l}) at {i}");
            }
        }
        "layout_add" => {
            let (a, b) = (layout(&args[0]), layout(&args[1]));
            assert_eq!(size, a.size().unwrap());
            for i in 0..size {
                assert_eq!(r.call(i).unwrap(), a.call(i).unwrap() + b.call(i).unwrap(), "layout_add({a}, {b}) at {i}");
            }
            assert_eq!(layout_add(&b, &a).unwrap(), *r, "layout_add({a}, {b}) is not symmetric");
        }
        _ => {
            let (a, b) = (int_tuple(&args[0]), int_tuple(&args[1]));
            assert_eq!(r.depth(), 1);
            let g = cute_core::arith::gcd(a.size().unwrap(), b.size().unwrap());
            assert_eq!(g % size, 0, "size of {r} does not divide gcd of sizes");
            assert_eq!(greatest_common_domain(&b, &a).unwrap(), *r, "not symmetric");
        }
    }
}

fn run(op: &str, args: &[Value]) -> Result<Layout> {
    match op {
        "coalesce_z" => coalesce_z(&layout(&args[0])),
        "greatest_common_domain" => greatest_common_domain(&int_tuple(&args[0]), &int_tuple(&args[1])),
        _ => layout_add(&layout(&args[0]), &layout(&args[1])),
    }
}

#[test]
fn pycute_oracle_cases() {
    let path = oracle_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut passed: BTreeMap<&str, (usize, usize)> = OPS.iter().map(|&op| (op, (0, 0))).collect();
    let mut failures = Vec::new();

    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("oracle line is JSON");
        let op = case["op"].as_str().expect("op is a string");
        let Some(&name) = OPS.iter().find(|&&o| o == op) else {
            continue;
        };
        let args = case["args"].as_array().expect("args is a list");
        let id = case["id"].as_str().unwrap_or("?");
        let counts = passed.get_mut(name).expect("op is counted");
        counts.1 += 1;

        let got = run(op, args);
        let ok = match (&got, case.get("result"), case.get("error")) {
            (Ok(r), Some(Value::String(want)), None) => {
                let same = r.to_string() == *want;
                if same {
                    check_function(op, args, r);
                }
                same
            }
            (Err(e), None, Some(_)) => op != "layout_add" || e.kind() == ErrorKind::NoCommonRefinement,
            _ => false,
        };
        if ok {
            counts.0 += 1;
        } else {
            failures.push(format!(
                "{id}: {op}{args:?}: got {got:?}, want {}",
                case.get("result").or(case.get("error")).unwrap()
            ));
        }
    }

    for (op, (ok, total)) in &passed {
        println!("{op}: {ok}/{total}");
        assert!(*total > 0, "no oracle cases for {op}");
    }
    assert!(failures.is_empty(), "{} failing cases:\n{}", failures.len(), failures.join("\n"));
}
