//! Runs the built `cute` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cute(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cute binary runs");
    {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        pipe.write_all(stdin.unwrap_or_default()).expect("stdin is writable");
    }
    child.wait_with_output().expect("the cute binary finishes")
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("output is UTF-8")
}

#[test]
fn single_expression() {
    let cases = [
        ("composition((4,6,8,10):(2,3,5,7), 6:12)", "(2,3):(9,5)"),
        ("complement(4:2, 24)", "(2,3):(1,8)"),
        ("eval((4,8):(1,4), 22)", "22"),
        ("logical_divide((8,16):(20,1), <4:1,8:2>)", "((4,2),(8,2)):((20,80),(2,1))"),
        ("  size( logical_divide( (8,16):(20,1) , <4:1,8:2> ) )  ", "128"),
        ("idx2crd(46, (4,(12,5)))", "(2,(11,0))"),
        ("compatible((24), ((4,6)))", "true"),
    ];
    for (expr, want) in cases {
        let out = cute(&["eval", expr], None);
        assert_eq!(text(&out.stdout), format!("{}\n", want), "{}", expr);
        assert_eq!(text(&out.stderr), "", "{}", expr);
        assert_eq!(out.status.code(), Some(0), "{}", expr);
    }
}

#[test]
fn single_expression_error() {
    let out = cute(&["eval", "composition((4,6,8):(2,3,5), 6:3)"], None);
    assert_eq!(text(&out.stdout), "");
    assert!(text(&out.stderr).starts_with("error: stride divisibility: "), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    assert_eq!(out.status.code(), Some(1));

    let out = cute(&["eval", "size(4:1 x)"], None);
    assert_eq!(text(&out.stderr), "error: parse: at byte 9: expected ',' or ')', found 'x'\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn stdin_goes_on_past_bad_lines() {
    let input = "complement(4:2, 24)\n\
                 composition((4,6,8):(2,3,5), 6:1)\n\
                 size(4:1 x)\n\
                 \n\
                 frobnicate(1)\n\
                 eval((4,8):(1,4), 22)\r\n\
                 logical_divide((8,16):(20,1), <4:1,8:2>)";
    let out = cute(&["eval", "-"], Some(input.as_bytes()));
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert_eq!(
        lines,
        [
            "(2,3):(1,8)",
            lines[1],
            "error: parse: at byte 9: expected ',' or ')', found 'x'",
            "error: parse: at byte 0: expected a function name, found end of input",
            "error: invalid argument: at byte 0: unknown function 'frobnicate' (`cute eval --help` lists the functions)",
            "22",
            "((4,2),(8,2)):((20,80),(2,1))",
        ]
    );
    assert!(lines[1].starts_with("error: shape divisibility: "), "{}", lines[1]);
    assert!(text(&out.stdout).ends_with('\n'));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn stdin_all_good_and_empty() {
    let out = cute(&["eval", "-"], Some(b"size(4:1)\nrank((4,8):(1,4))\n"));
    assert_eq!(text(&out.stdout), "4\n2\n");
    assert_eq!(out.status.code(), Some(0));

    let out = cute(&["eval", "-"], Some(b""));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(out.status.code(), Some(0));

    let out = cute(&["eval", "-"], Some(b"size(4:1)\nsize(\xff)\n"));
    assert_eq!(text(&out.stdout), "4\nerror: parse: at byte 5: expected UTF-8 text, found byte 0xff\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn help_lists_every_function() {
    let help = cute(&["eval", "--help"], None);
    assert_eq!(help.status.code(), Some(0));
    assert_eq!(text(&help.stderr), "");
    let help = text(&help.stdout).to_string();
    for args in [&["--help"][..], &["help"], &["-h"], &["eval", "-h"]] {
        let out = cute(args, None);
        assert_eq!(out.status.code(), Some(0), "{:?}", args);
        assert_eq!(text(&out.stdout), help, "{:?}", args);
    }
    assert!(help.contains("Usage: cute eval 'EXPR'"));
    assert!(help.contains("  composition(A: layout, B: tiler) -> layout\n"));
    assert!(help.contains("  complement(A: layout[, M: tuple]) -> layout\n"));
    for f in cute_eval::functions() {
        assert!(help.contains(&format!("  {}\n      {}\n", f, f.summary)), "{}", f.name);
    }
    // Every argument kind, its name apart from its description, in one column.
    let kinds = help.split("Argument kinds:\n").nth(1).unwrap().split("\n\n").next().unwrap();
    let width = cute_eval::ValueKind::ALL.iter().map(|k| k.name().len()).max().unwrap() + 1;
    assert_eq!(kinds.lines().count(), cute_eval::ValueKind::ALL.len());
    for (line, k) in kinds.lines().zip(cute_eval::ValueKind::ALL) {
        assert_eq!(line, format!("  {:<width$}{}", k.name(), k.description()));
    }
    assert!(help.contains("\n  descriptor a basis descriptor (1@0, 8@1)"));
}

#[test]
fn usage_errors() {
    let cases: [&[&str]; 6] = [
        &[],
        &["frobnicate"],
        &["eval"],
        &["eval", "size(4:1)", "rank(4:1)"],
        &["eval", "--bogus"],
        &["evaluate", "size(4:1)"],
    ];
    for args in cases {
        let out = cute(args, None);
        assert_eq!(out.status.code(), Some(2), "{:?}", args);
        assert_eq!(text(&out.stdout), "", "{:?}", args);
        let err = text(&out.stderr);
        assert!(err.starts_with("error: "), "{:?}: {}", args, err);
        assert!(err.contains("Usage: cute eval 'EXPR'"), "{:?}: {}", args, err);
    }
    let out = cute(&["frobnicate"], None);
    assert!(text(&out.stderr).starts_with("error: unrecognized subcommand 'frobnicate'\n"));
    let out = cute(&["eval"], None);
    assert!(text(&out.stderr).starts_with("error: the following required arguments were not provided:\n  <EXPR>\n"));
    let out = cute(&[], None);
    assert!(text(&out.stderr).starts_with("error: missing command\n"));
}

/// A stream that cannot be written (Linux's `/dev/full`: every write fails with ENOSPC) loses
/// the message, never the documented exit status (no panic, whose status is 101).
#[cfg(target_os = "linux")]
#[test]
fn unwritable_streams_keep_the_exit_status() {
    let full = || Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens"));
    let run = |args: &[&str], stdout: Stdio, stderr: Stdio| {
        let status = Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .status()
            .expect("the cute binary runs");
        status.code()
    };
    // stderr unwritable: the failed expression and the usage errors
    assert_eq!(run(&["eval", "size("], Stdio::null(), full()), Some(1));
    assert_eq!(run(&["bogus"], Stdio::null(), full()), Some(2));
    assert_eq!(run(&["eval"], Stdio::null(), full()), Some(2));
    // stdout unwritable: a result, the version, the help, and standard input's answers
    assert_eq!(run(&["eval", "size(4:1)"], full(), Stdio::null()), Some(1));
    assert_eq!(run(&["--version"], full(), Stdio::null()), Some(1));
    assert_eq!(run(&["help"], full(), Stdio::null()), Some(1));
    assert_eq!(run(&["eval", "-"], full(), Stdio::null()), Some(0), "no input line: nothing to write");
}

/// The repro of unbounded growth: `select(e,(0,0))` nested 30 times doubles the layout at each
/// level (it grew past 4 GB and aborted, losing the lines after it). Now the middle line is an
/// error and the lines around it are answered.
#[test]
fn doubling_selects_stop_at_the_leaf_limit() {
    let mut e = String::from("1:0");
    for _ in 0..30 {
        e = format!("group(select({},(0,0)),0,2)", e);
    }
    let input = format!("size(4:1)\nrank({})\nsize(8:1)\n", e);
    let out = cute(&["eval", "-"], Some(input.as_bytes()));
    assert_eq!(
        text(&out.stdout),
        "4\nerror: too many leaves: select: 524288 leaves, more than a tuple holds (262144)\n8\n"
    );
    assert_eq!(out.status.code(), Some(1));
}
