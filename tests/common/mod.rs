//! Shared helpers of the integration tests: the golden cases of `../shared/oracle`.

#![allow(dead_code)]

use std::path::PathBuf;

use cute::dynamic::Term;
use cute_eval::Value;
use serde_json::Value as Json;

/// One golden case: an operation, its arguments, and either a result text or an error reason.
pub struct Case {
    pub id: String,
    pub op: String,
    pub args: Vec<Value>,
    pub raw_args: Vec<String>,
    pub expected: Result<String, String>,
}

/// The oracle file, next to the work tree (`../shared/oracle/public.jsonl`).
pub fn oracle_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/public.jsonl")
}

fn arg_value(a: &Json) -> (Value, String) {
    match a {
        Json::Number(n) => {
            let v = n.as_i64().expect("integer argument");
            (Value::Int(v), v.to_string())
        }
        Json::String(s) => {
            let term = Term::parse(s).unwrap_or_else(|e| panic!("oracle argument {s:?} does not parse: {e}"));
            (Value::from_term(&term).unwrap_or_else(|e| panic!("oracle argument {s:?}: {e}")), s.clone())
        }
        other => panic!("unexpected argument {other}"),
    }
}

/// Every case of the oracle file.
pub fn cases() -> Vec<Case> {
    let path = oracle_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let r: Json = serde_json::from_str(line).expect("oracle line is JSON");
            let (args, raw_args) = r["args"].as_array().expect("args").iter().map(arg_value).unzip();
            let expected = match (&r["result"], &r["error"]) {
                (Json::String(s), _) => Ok(s.clone()),
                (_, Json::String(e)) => Err(e.clone()),
                _ => panic!("case without result or error: {line}"),
            };
            Case {
                id: r["id"].as_str().expect("id").to_string(),
                op: r["op"].as_str().expect("op").to_string(),
                args,
                raw_args,
                expected,
            }
        })
        .collect()
}
