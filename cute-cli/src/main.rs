//! The `cute` command: evaluate CuTe layout-algebra expressions.
//!
//! ```text
//! cute eval 'composition((4,6,8,10):(2,3,5,7), 6:12)'    # prints (2,3):(9,5)
//! cute eval - < expressions.txt                          # one result or error line per line
//! cute help
//! ```

mod help;

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use cute_core::dynamic::{Error, ErrorKind};
use cute_eval::eval;

/// Exit status when an expression fails.
const FAILURE: u8 = 1;
/// Exit status of a usage error.
const USAGE_ERROR: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let Some(args) = args.iter().map(|a| a.to_str()).collect::<Option<Vec<&str>>>() else {
        return usage_error("an argument is not valid UTF-8");
    };
    match args.as_slice() {
        ["help" | "--help" | "-h", ..] | ["eval", "--help" | "-h"] => print_help(),
        ["--version" | "-V"] => print_out(format_args!("cute {}", env!("CARGO_PKG_VERSION"))),
        ["eval", "-"] => eval_stdin(),
        ["eval", opt] if opt.starts_with('-') => usage_error(&format!("unknown option '{}'", opt)),
        ["eval", expr] => eval_one(expr),
        ["eval"] => usage_error("missing expression"),
        ["eval", ..] => usage_error("too many arguments: quote the expression as one argument"),
        [] => usage_error("missing command"),
        [cmd, ..] => usage_error(&format!("unknown command '{}'", cmd)),
    }
}

fn print_help() -> ExitCode {
    print_out(format_args!("{}", help::help().trim_end()))
}

/// Write a line to stdout: success, or [`FAILURE`] when stdout cannot be written (closed, full),
/// never a panic as `println!` would.
fn print_out(line: fmt::Arguments<'_>) -> ExitCode {
    let mut out = io::stdout().lock();
    match writeln!(out, "{}", line).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(FAILURE),
    }
}

/// Write a line to stderr and exit with `status`. A stderr that cannot be written loses the
/// message but not the status (`eprintln!` would panic and exit 101).
fn fail(status: u8, line: fmt::Arguments<'_>) -> ExitCode {
    let _ = writeln!(io::stderr().lock(), "{}", line);
    ExitCode::from(status)
}

fn usage_error(what: &str) -> ExitCode {
    fail(USAGE_ERROR, format_args!("error: {}\n\n{}", what, help::USAGE))
}

/// `cute eval EXPR`: the result on stdout, or `error: <kind>: <message>` on stderr.
fn eval_one(expr: &str) -> ExitCode {
    match eval(expr) {
        Ok(v) => print_out(format_args!("{}", v)),
        Err(e) => fail(FAILURE, format_args!("error: {}", e)),
    }
}

/// `cute eval -`: one output line per input line, results and errors alike, on stdout.
fn eval_stdin() -> ExitCode {
    let stdin = io::stdin().lock();
    // Stdout is line-buffered: each answer is out before the next line is read, so the
    // command can be driven line by line through pipes.
    let stdout = io::stdout().lock();
    match eval_lines(stdin, stdout) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(FAILURE),
        Err(e) => fail(FAILURE, format_args!("error: {}", e)),
    }
}

/// Evaluate each line of `input` (`\n` or `\r\n` endings; a last line without one counts),
/// writing the result or `error: ...` to `out`. True when every line succeeded.
fn eval_lines(mut input: impl BufRead, mut out: impl Write) -> io::Result<bool> {
    let mut all_ok = true;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        let result = match std::str::from_utf8(&line) {
            Ok(text) => eval(text),
            Err(e) => {
                let at = e.valid_up_to();
                let byte = line.get(at).copied().unwrap_or(0);
                let message = format!("at byte {}: expected UTF-8 text, found byte 0x{:02x}", at, byte);
                Err(Error::new(ErrorKind::Parse, message))
            }
        };
        match result {
            Ok(v) => writeln!(out, "{}", v)?,
            Err(e) => {
                all_ok = false;
                writeln!(out, "error: {}", e)?;
            }
        }
    }
    out.flush()?;
    Ok(all_ok)
}
