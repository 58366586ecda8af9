//! The explanations checked against the dynamic engine and the derivation rules.

use super::*;
use alloc::string::ToString;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// The first step, depth first, of `kind`.
fn find_mut(steps: &mut [Step], kind: StepKind) -> Option<&mut Step> {
    for s in steps {
        if s.kind == kind {
            return Some(s);
        }
        if let Some(found) = find_mut(&mut s.steps, kind) {
            return Some(found);
        }
    }
    None
}

/// The replay error's message of `e`.
fn replay_error(e: &Explanation) -> String {
    let err = e.replay().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    err.message().into()
}

#[test]
fn replay_names_a_tampered_result() {
    let mut e = logical_divide(&l("16:3"), &"4:2".parse().unwrap());
    assert_eq!(e.replay().unwrap().to_string(), "(4,(2,2)):(6,(3,24))");
    let gap = find_mut(&mut e.steps, StepKind::Gap).unwrap();
    gap.result = Ok(Operand::Ints(alloc::vec![3, 1, 8]));
    assert_eq!(replay_error(&e), "replay: step 3.6 (gap): recorded (3,1,8), recomputed (2,1,8)");
}

#[test]
fn replay_follows_the_data_flow() {
    // A step whose operand does not come from the step before, its result recomputed by its
    // rule: the text reads well, but the derivation's operands differ.
    let mut e = complement(&l("4:2"), &24.into());
    let ops = alloc::vec![Operand::Int(4), Operand::Int(2), Operand::Int(2)];
    let gap = find_mut(&mut e.steps, StepKind::Gap).unwrap();
    gap.result = rules::apply(StepKind::Gap, &ops, &String::new);
    gap.operands = ops;
    assert!(e.to_string().contains("6. gap below 4:2: 2/2 = 1, mode 1:2; span 2*4 = 8"));
    assert_eq!(replay_error(&e), "replay: step 6 (gap): operands 4, 2, 2, the derivation's are 4, 2, 1");
}

#[test]
fn replay_checks_the_steps_are_the_derivations() {
    // Every step replaced by one that gives the outcome.
    let mut e = coalesce(&l("(2,4):(1,2)"));
    let keep = l("8:1");
    e.steps = alloc::vec![Step {
        kind: StepKind::Keep,
        operands: alloc::vec![Operand::Layout(keep.clone())],
        result: Ok(Operand::Layout(keep)),
        steps: Vec::new(),
        condition: 0,
    }];
    assert_eq!(e.outcome().unwrap().to_string(), "8:1");
    assert_eq!(replay_error(&e), "replay: step 1 (keep): the derivation has a start mode step here");
    // A step too many, a step missing.
    let mut e = composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12"));
    let last = e.steps.last().cloned().unwrap();
    e.steps.push(last);
    assert_eq!(replay_error(&e), "replay: step 5 (join): the derivation has no such step");
    e.steps.truncate(3);
    assert_eq!(replay_error(&e), "replay: step 4: missing, the derivation has a join step");
}

#[test]
fn replay_checks_nested_steps_against_their_parent() {
    // Nested steps relabelled over their real sub-steps.
    let mut e = logical_divide(&l("16:3"), &"4:2".parse().unwrap());
    let c = find_mut(&mut e.steps, StepKind::Complement).unwrap();
    c.operands = alloc::vec![Operand::Layout(l("3:9")), Operand::Tuple(16.into()), Operand::Int(1)];
    assert_eq!(replay_error(&e), "replay: step 3 (complement): operands 3:9, 16, 1, the derivation's are 4:2, 16, 1");
    let mut e = logical_divide(&l("16:3"), &"4:2".parse().unwrap());
    let c = find_mut(&mut e.steps, StepKind::Compose).unwrap();
    c.operands[0] = Operand::Layout(l("7:7"));
    c.operands[1] = Operand::Layout(l("5:5"));
    assert_eq!(
        replay_error(&e),
        "replay: step 5 (compose): operands 7:7, 5:5, 16, 1, the derivation's are 16:3, (4,(2,2)):(2,(1,8)), 16, 1"
    );
    // A nested result that is not its sub-steps' final one.
    let mut e = composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12"));
    let leaf = find_mut(&mut e.steps, StepKind::Leaf).unwrap();
    leaf.result = Ok(Operand::Layout(l("(2,3):(9,6)")));
    assert_eq!(replay_error(&e), "replay: step 3 (leaf): recorded (2,3):(9,6), recomputed (2,3):(9,5)");
}

#[test]
fn replay_starts_from_the_explanations_operands() {
    // The first step's operand is not the explanation's.
    let mut e = composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12"));
    let other = l("(4,6,8,10):(2,3,5,8)");
    let ops = alloc::vec![Operand::Layout(other.clone()), Operand::Int(1)];
    e.steps[0].result = rules::apply(StepKind::Coalesce, &ops, &String::new);
    e.steps[0].operands = ops;
    assert_eq!(
        replay_error(&e),
        "replay: step 1 (coalesce): operands (4,6,8,10):(2,3,5,8), 1, the derivation's are (4,6,8,10):(2,3,5,7), 1"
    );
    // The explanation's operand changed under its steps.
    let mut e = composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12"));
    e.operands[0] = Operand::Layout(other);
    assert!(replay_error(&e).starts_with("replay: step 1 (coalesce): operands (4,6,8,10):(2,3,5,7), 1"));
    // The outcome is the derivation's.
    let mut e = composition(&l("(4,6,8,10):(2,3,5,7)"), &l("6:12"));
    e.outcome = Ok(l("(2,3):(9,6)"));
    assert_eq!(replay_error(&e), "replay: the outcome: recorded (2,3):(9,6), recomputed (2,3):(9,5)");
    // A relabelled rule.
    let mut e = coalesce(&l("(2,4):(1,2)"));
    find_mut(&mut e.steps, StepKind::MergeModes).unwrap().kind = StepKind::KeepMode;
    assert_eq!(replay_error(&e), "replay: step 2 (keep mode): the derivation has a merge modes step here");
}

#[test]
fn coalesce_rule_is_the_engines() {
    for s in ["(2,(1,6)):(1,(6,2))", "(1,1):(3,4)", "(2,4,3):(8,1,4)", "(3,1):(2,5)", "():()", "(4,1,2):(1,9,4)"] {
        let a = l(s);
        let pairs = rules::coalesce_pairs(&a.flat_modes(), false).unwrap();
        let want = crate::dynamic::coalesce(&a).unwrap();
        assert_eq!(rules::flat_layout(&pairs), want, "{}", s);
        assert_eq!(coalesce(&a).outcome(), Ok(&want), "{}", s);
    }
    // Extended: a trailing size-1 mode keeps its stride.
    assert_eq!(rules::coalesce_pairs(&[(4, 1), (1, 4)], true).unwrap(), [(8, 1)]);
    // The 2 stands for the 1: a mode of size 2^63 - 2 merged into it keeps its size, no overflow.
    let m = i64::MAX - 1;
    assert_eq!(rules::coalesce_pairs(&[(m, 1), (1, m)], true).unwrap(), [(m, 1)]);
    // Also where the product with the 2 passes i64 only at a later merge.
    assert_eq!(rules::coalesce_pairs(&[(2, 1), ((1 << 62) - 1, 2), (1, m)], true).unwrap(), [(m, 1)]);
    let a = l(&format!("({m},1):(1,{m})"));
    let b = l("(7,2):(-2,9)");
    assert_eq!(crate::explain::composition(&a, &b).outcome(), Ok(&b));
}

#[test]
fn an_empty_explanation_does_not_replay() {
    let e = Explanation::new("coalesce", Vec::new(), Vec::new(), Ok(Layout::trivial()));
    assert_eq!(replay_error(&e), "replay: coalesce() is not an explained operation");
    assert_eq!(e.to_string(), "coalesce()\n= 1:0");
}

#[test]
fn operands_past_the_bound_are_not_explained() {
    let wide = |n: usize| {
        let v = |x| crate::dynamic::HTuple::Tuple(alloc::vec![crate::dynamic::HTuple::Leaf(x); n]);
        Layout::new(v(2), v(3)).unwrap()
    };
    let (a, b) = (wide(128), wide(128));
    let e = composition(&a, &b);
    assert_eq!(e.outcome().cloned().map_err(|e| e.clone()), crate::dynamic::composition(&a, &b));
    let e = composition(&wide(128), &wide(129));
    let err = e.outcome().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyLeaves);
    assert_eq!(err.message(), "composition: the operands have 257 leaves, more than the 256 an explanation takes");
    assert_eq!(e.replay().unwrap_err(), *err);
    assert!(e.to_string().ends_with(
        "\n1. check: the operands' 257 leaves are at most the 256 an explanation takes: fails: the operands have 257 leaves, more than the 256 an explanation takes\nerror: too many leaves: composition: the operands have 257 leaves, more than the 256 an explanation takes"
    ));
}
