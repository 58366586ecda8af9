//! Every golden case of `../shared/oracle/public.jsonl`, through the dynamic engine.
//!
//! A case passes when the engine returns exactly the expected text, or an error where one is
//! expected. The oracle checks `flat_divide` and `flat_product` results only for positive
//! shapes, so it keeps a few layouts that CuTe C++ returned although they are not the
//! composition they stand for; the engine rejects those, and for each of them this test proves
//! the expected layout wrong by evaluating it against the definition.

mod common;

use std::collections::BTreeMap;

use common::{cases, Case};
use cute::dynamic::{
    call, complement, greatest_common_domain, layout_add, Error, ErrorKind, IntTuple, Layout, Tiler, Value,
};

fn layout(v: &Value) -> Layout {
    match v {
        Value::Layout(l) => l.clone(),
        other => panic!("expected a layout, got {other}"),
    }
}

fn tiler(v: &Value) -> Tiler {
    match v {
        Value::Layout(l) => Tiler::Layout(l.clone()),
        Value::Tiler(t) => t.clone(),
        Value::Int(n) => Tiler::Int(*n),
        Value::Tuple(t) => t.to_string().parse().expect("a shape is a tiler"),
        other => panic!("expected a tiler, got {other}"),
    }
}

fn tile_of(t: &Tiler) -> Layout {
    match t {
        Tiler::Layout(l) => l.clone(),
        Tiler::Int(n) => Layout::column_major((*n).into()).unwrap(),
        other => panic!("not a single tile: {other}"),
    }
}

/// True when `r`, standing for the pair `(A o B, A o B*)` mode by mode (a divide) or
/// `(A, A* o B)` (a product), disagrees with that definition somewhere the oracle itself would
/// check: the tile everywhere in B's domain, the rest where it lands inside A (or A*).
fn flat_result_is_wrong(op: &str, a: &Layout, t: &Tiler, r: &Layout) -> bool {
    // Pair each mode of A with its tile; a single tile applies to the whole of A.
    let pairs: Vec<(Layout, Layout, Layout)> = match t {
        Tiler::Tuple(ts) => {
            let k = ts.len();
            assert!(k >= 2, "a one-mode tuple tiler is not spread by flat_*");
            ts.iter()
                .enumerate()
                .map(|(j, tj)| {
                    (
                        a.mode(j).unwrap(),
                        tile_of(tj),
                        Layout::from_modes(vec![r.mode(j).unwrap(), r.mode(k + j).unwrap()]),
                    )
                })
                .collect()
        }
        _ => vec![(a.clone(), tile_of(t), r.clone())],
    };
    pairs.iter().any(|(aj, bj, rj)| match op {
        "flat_divide" => {
            let rest = complement(bj, cute::dynamic::coalesce(aj).unwrap().shape()).unwrap();
            let d = Layout::from_modes(vec![bj.clone(), rest]);
            let (nb, na) = (bj.size().unwrap(), aj.size().unwrap());
            (0..d.size().unwrap()).any(|i| {
                let x = d.call(i).unwrap();
                let check = i < nb || (0..na).contains(&x);
                check && rj.call(i).unwrap() != aj.call(x).unwrap()
            })
        }
        "flat_product" => {
            let (na, cos) = (aj.size().unwrap(), bj.cosize().unwrap());
            let a_star = complement(aj, &(na * cos).into()).unwrap();
            let n_star = a_star.size().unwrap();
            (0..bj.size().unwrap()).any(|j| {
                let x = bj.call(j).unwrap();
                (0..n_star).contains(&x) && rj.call(j * na).unwrap() != a_star.call(x).unwrap()
            })
        }
        _ => false,
    })
}

fn run(case: &Case) -> Result<String, Error> {
    call(&case.op, &case.args).map(|v| v.to_string())
}

#[test]
fn every_oracle_case_passes() {
    let all = cases();
    assert!(all.len() >= 7383, "the oracle holds 7383 cases, read {}", all.len());
    let mut per_op: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut proven_wrong = Vec::new();
    for case in &all {
        let got = run(case);
        let entry = per_op.entry(case.op.as_str()).or_default();
        entry.0 += 1;
        let ok = match (&got, &case.expected) {
            (Ok(g), Ok(e)) => g == e,
            (Err(_), Err(_)) => true,
            (Err(err), Ok(e)) if matches!(case.op.as_str(), "flat_divide" | "flat_product") => {
                let a = layout(&case.args[0]);
                let t = tiler(&case.args[1]);
                let r: Layout = e.parse().unwrap();
                let wrong = flat_result_is_wrong(&case.op, &a, &t, &r);
                let kind_ok = matches!(
                    err.kind(),
                    ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::ModeOverlap
                );
                if wrong && kind_ok {
                    proven_wrong.push(case.id.clone());
                }
                wrong && kind_ok
            }
            _ => false,
        };
        if ok {
            entry.1 += 1;
        } else {
            failures.push(format!(
                "{} {}({}): expected {:?}, got {:?}",
                case.id,
                case.op,
                case.raw_args.join(", "),
                case.expected,
                got.map_err(|e| e.to_string())
            ));
        }
    }
    for (op, (n, ok)) in &per_op {
        println!("{op:24} {ok:5} / {n:5}");
    }
    println!("flat_* results of CuTe C++ proven not to be compositions: {}: {:?}", proven_wrong.len(), proven_wrong);
    assert!(failures.is_empty(), "{} of {} cases fail:\n{}", failures.len(), all.len(), failures.join("\n"));
    // Every op of the oracle README is exercised.
    assert_eq!(per_op.len(), 37, "ops seen: {:?}", per_op.keys().collect::<Vec<_>>());
}

/// Each error the oracle expects is reported with the kind that names CuTe's condition.
#[test]
fn oracle_errors_name_the_condition() {
    let mut mismatches = Vec::new();
    for case in cases() {
        let Err(reason) = &case.expected else { continue };
        let Err(err) = run(&case) else { continue };
        // CuTe C++ has no check for negative strides: its complement computes non-positive
        // shapes that then fail a later assertion. The engine names the cause instead.
        let expected: &[ErrorKind] = if reason.contains("Stride Divisibility") {
            &[ErrorKind::StrideDivisibility, ErrorKind::NegativeStride]
        } else if reason.contains("Shape Divisibility") {
            &[ErrorKind::ShapeDivisibility, ErrorKind::StrideDivisibility]
        } else if reason.contains("Non-injective") {
            &[ErrorKind::NonInjective, ErrorKind::NegativeStride]
        } else if reason.contains("Left inverse divisibility") {
            &[ErrorKind::LeftInverseDivisibility, ErrorKind::NegativeStride]
        } else if reason.contains("Downcast requires adjacent") {
            &[ErrorKind::DowncastAdjacency]
        } else if reason.contains("Divisibility condition") && case.op == "upcast" {
            &[ErrorKind::UpcastDivisibility]
        } else if reason.contains("Rank of layout must be") {
            &[ErrorKind::TileToShapeRank]
        } else if reason.contains("block shape does not divide") {
            &[ErrorKind::TileToShapeDivisibility]
        } else if reason.contains("BBits") || reason.contains("SShift") {
            &[ErrorKind::InvalidSwizzle]
        } else if reason.contains("no common refinement") {
            &[ErrorKind::NoCommonRefinement]
        } else if reason.contains("non-positive shape") {
            &[ErrorKind::NegativeStride, ErrorKind::NonInjective]
        } else if reason.contains("inadmissible: result would not equal") {
            &[ErrorKind::StrideDivisibility, ErrorKind::ShapeDivisibility, ErrorKind::ModeOverlap]
        } else {
            continue;
        };
        if !expected.contains(&err.kind()) {
            mismatches.push(format!(
                "{} {}({}): oracle {:?}, engine {}",
                case.id,
                case.op,
                case.raw_args.join(", "),
                reason,
                err
            ));
        }
    }
    assert!(mismatches.is_empty(), "{} errors of another kind:\n{}", mismatches.len(), mismatches.join("\n"));
}

/// The three operations that come from PyCuTe have no C++ counterpart; beyond their golden
/// text, each result satisfies its defining post-condition.
#[test]
fn pycute_results_satisfy_their_post_conditions() {
    let tuple = |v: &Value| -> IntTuple { v.to_string().parse().unwrap() };
    let mut checked = 0;
    for case in cases() {
        if !matches!(case.op.as_str(), "coalesce_z" | "layout_add" | "greatest_common_domain") || case.expected.is_err()
        {
            continue;
        }
        let r: Layout = run(&case).expect("golden result").parse().unwrap();
        let size = r.size().unwrap();
        match case.op.as_str() {
            "coalesce_z" => {
                // Same function, including past the size (the last mode is kept), depth <= 1.
                let l = layout(&case.args[0]);
                assert_eq!(size, l.size().unwrap());
                assert!(r.depth() <= 1);
                for i in 0..2 * size + 3 {
                    assert_eq!(r.call(i).unwrap(), l.call(i).unwrap(), "coalesce_z({l}) at {i}");
                }
            }
            "layout_add" => {
                let (a, b) = (layout(&case.args[0]), layout(&case.args[1]));
                for i in 0..size {
                    assert_eq!(
                        r.call(i).unwrap(),
                        a.call(i).unwrap() + b.call(i).unwrap(),
                        "layout_add({a}, {b}) at {i}"
                    );
                }
                assert_eq!(layout_add(&b, &a).unwrap(), r, "layout_add({a}, {b}) is not symmetric");
            }
            _ => {
                let (a, b) = (tuple(&case.args[0]), tuple(&case.args[1]));
                assert_eq!(r.depth(), 1);
                let g = cute::arith::gcd(a.size().unwrap(), b.size().unwrap());
                assert_eq!(g % size, 0, "size of {r} does not divide the gcd of the sizes of {a} and {b}");
                assert_eq!(
                    greatest_common_domain(&b, &a).unwrap(),
                    r,
                    "greatest_common_domain({a}, {b}) is not symmetric"
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 161 + 153 + 164);
}
