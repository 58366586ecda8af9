//! The `cute` command: evaluate CuTe layout-algebra expressions, draw their results and
//! explain them.
//!
//! ```text
//! cute eval 'composition((4,6,8,10):(2,3,5,7), 6:12)'    # prints (2,3):(9,5)
//! cute eval - < expressions.txt                          # one result or error line per line
//! cute show '(4,8):(1,4)'                                # the table of offsets
//! cute svg 'make_layout_tv((4,2):(2,1), (1,2):(1,1))' -o tv.svg
//! cute html 'composition((4,6):(1,4), 6:2)' -o page.html # picture and explanation
//! cute explain 'complement(4:2, 24)'                     # the derivation, step by step
//! cute serve --port 8000                                 # the same, as a local web page
//! cute help
//! ```

mod draw;
mod help;
mod memory;
mod page;
mod serve;

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use cute_core::dynamic::{Error, ErrorKind};
use cute_eval::{eval, Value};

use draw::DrawOptions;
use page::Page;

/// Exit status when an expression fails.
const FAILURE: u8 = 1;
/// Exit status of a usage error.
const USAGE_ERROR: u8 = 2;

/// The command line: one subcommand.
#[derive(Parser, Debug)]
#[command(name = "cute", version, disable_help_subcommand = true, subcommand_required = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Evaluate one expression and print the result (`-`: each line of standard input).
    Eval {
        /// The expression, e.g. 'composition((4,6):(1,4), 6:2)', or - for standard input.
        expr: String,
    },
    /// Print the result's picture as a text table (CuTe's print_layout).
    Show {
        /// The expression.
        expr: String,
        #[command(flatten)]
        draw: DrawOptions,
    },
    /// Write the result's picture as an SVG image.
    Svg {
        /// The expression.
        expr: String,
        /// The file to write (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        draw: DrawOptions,
    },
    /// Write the result's picture as a standalone TikZ document (CuTe's print_latex).
    Latex {
        /// The expression.
        expr: String,
        /// The file to write (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        draw: DrawOptions,
    },
    /// Write one self-contained HTML page: the result, its picture (hover a cell, click a
    /// thread) and the explanation.
    Html {
        /// The expression.
        expr: String,
        /// The file to write (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        draw: DrawOptions,
    },
    /// Print how the result is derived, step by step with the numbers.
    Explain {
        /// The expression: a call of composition, complement, a divide or product, coalesce,
        /// right_inverse or left_inverse.
        expr: String,
    },
    /// A warp's shared-memory bank conflicts: wavefronts per phase against the ideal, and the
    /// worst phase's bank, threads and addresses.
    Banks {
        /// The shared-memory layout: a layout, a swizzled layout or an F2 layout (a call or a
        /// value as written).
        smem: String,
        #[command(flatten)]
        access: memory::AccessOptions,
        /// Write the tile coloured by bank, the worst phase's accesses marked, as SVG.
        #[arg(long, conflicts_with_all = ["html", "json"])]
        svg: bool,
        /// Write the same picture in a page with the report.
        #[arg(long, conflicts_with = "json")]
        html: bool,
        /// The file to write (default: standard output).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// A warp's global-memory coalescing: 32-byte sectors and 128-byte lines per instruction
    /// against the fewest, and the efficiency.
    Sectors {
        /// The global tensor's layout.
        global: String,
        #[command(flatten)]
        access: memory::AccessOptions,
    },
    /// The CuTe swizzle Sw<B,M,S> that makes the accesses of a shared-memory tile take the
    /// fewest wavefronts.
    #[command(name = "swizzle-for")]
    SwizzleFor {
        /// The tile's layout, before the swizzle.
        tile: String,
        #[command(flatten)]
        synthesis: memory::SynthesisOptions,
    },
    /// Serve a local page: type an expression, see its result, picture and explanation.
    Serve {
        /// The port on 127.0.0.1 (0: any free port; the first output line names it).
        #[arg(long, default_value_t = 8000)]
        port: u16,
    },
    /// Describe the expressions and list the functions (also --help).
    Help,
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.len() <= 1 {
        return fail(USAGE_ERROR, format_args!("error: missing command\n\n{}", help::USAGE));
    }
    let full_help = help::help();
    let usage = help::USAGE.strip_prefix("Usage: ").unwrap_or(help::USAGE);
    let command = Cli::command()
        .override_usage(usage)
        .override_help(full_help.clone())
        .mut_subcommand("eval", |c| c.override_help(full_help.clone()).override_usage(usage));
    let cli = match command.try_get_matches_from(args).and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) => {
            return match e.kind() {
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
                    print_out(format_args!("{}", e.render().to_string().trim_end()))
                }
                _ => fail(USAGE_ERROR, format_args!("{}", e.render().to_string().trim_end())),
            };
        }
    };
    match cli.command {
        Command::Eval { expr } if expr == "-" => eval_stdin(),
        Command::Eval { expr } => eval_one(&expr),
        Command::Show { expr, draw } => picture_out(&expr, &draw, None, |p| p.table()),
        Command::Svg { expr, output, draw } => picture_out(&expr, &draw, output, |p| p.svg()),
        Command::Latex { expr, output, draw } => picture_out(&expr, &draw, output, |p| p.latex()),
        Command::Html { expr, output, draw } => html_out(&expr, &draw, output),
        Command::Explain { expr } => explain_out(&expr),
        Command::Banks { smem, access, svg, html, output } => banks_out(&smem, &access, svg, html, output),
        Command::Sectors { global, access } => {
            text_out(None, evaluate(&global).and_then(|v| memory::sectors(&v, &access)))
        }
        Command::SwizzleFor { tile, synthesis } => {
            text_out(None, evaluate(&tile).and_then(|v| memory::swizzle_for(&v, &synthesis)))
        }
        Command::Serve { port } => match serve::serve(port) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(FAILURE, format_args!("error: cute serve on port {}: {}", port, e)),
        },
        Command::Help => print_out(format_args!("{}", full_help.trim_end())),
    }
}

/// The value of `expr` for the drawing commands: a call (a name and `(`), or else a value
/// written as it is (`(4,8):(1,4)`, `Sw<3,4,3> o 0 o (8,64):(64,1)`), which `cute eval` does
/// not take; each with its own parse errors.
fn evaluate(expr: &str) -> cute_core::dynamic::Result<Value> {
    let text = expr.trim_start();
    let name = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    if name > 0 && text[name..].trim_start().starts_with('(') {
        eval(expr)
    } else {
        expr.parse::<Value>()
    }
}

/// The page of `expr`: its result (or error), picture (or why none) and explanation.
pub(crate) fn page_of<'a>(expr: &'a str, draw: &DrawOptions, form: bool) -> Page<'a> {
    let value = evaluate(expr);
    let result = value.as_ref().map(|v| v.to_string()).map_err(|e| format!("error: {}", e));
    let picture = value.ok().map(|v| draw::picture(&v, draw).map_err(|e| e.to_string()));
    let explanation = cute_eval::explain::explain(expr).ok().map(|x| x.to_string());
    Page { expr, result, picture, explanation, form }
}

/// Write `text` to `output`, or to stdout.
fn write_out(output: Option<PathBuf>, text: &str) -> ExitCode {
    match output {
        Some(path) => match std::fs::write(&path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(FAILURE, format_args!("error: cannot write {}: {}", path.display(), e)),
        },
        None => {
            let mut out = io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::from(FAILURE),
            }
        }
    }
}

/// `cute show|svg|latex EXPR`: the picture rendered by `render`, or the error on stderr.
fn picture_out(
    expr: &str,
    draw: &DrawOptions,
    output: Option<PathBuf>,
    render: impl Fn(&cute_core::picture::Picture) -> String,
) -> ExitCode {
    text_out(output, evaluate(expr).and_then(|v| draw::picture(&v, draw)).map(|p| render(&p)))
}

/// `cute banks`: the report, or its picture (`--svg`) or page (`--html`).
fn banks_out(smem: &str, access: &memory::AccessOptions, svg: bool, html: bool, output: Option<PathBuf>) -> ExitCode {
    let text = evaluate(smem).and_then(|value| match (svg, html) {
        (false, false) => memory::banks(&value, access),
        (true, _) => memory::banks_picture(&value, access).map(|(picture, _)| picture.svg()),
        (false, true) => memory::banks_picture(&value, access).map(|(picture, report)| {
            Page { expr: smem, result: Ok(report), picture: Some(Ok(picture)), explanation: None, form: false }.render()
        }),
    });
    text_out(output, text)
}

/// The text of a command to `output` (or stdout), or its error on stderr.
fn text_out(output: Option<PathBuf>, text: cute_core::dynamic::Result<String>) -> ExitCode {
    match text {
        Ok(text) => write_out(output, &text),
        Err(e) => fail(FAILURE, format_args!("error: {}", e)),
    }
}

/// `cute html EXPR`: the page; an expression that fails writes no page.
fn html_out(expr: &str, draw: &DrawOptions, output: Option<PathBuf>) -> ExitCode {
    let page = page_of(expr, draw, false);
    match &page.result {
        Ok(_) => write_out(output, &page.render()),
        Err(e) => fail(FAILURE, format_args!("{}", e)),
    }
}

/// `cute explain EXPR`: the derivation; exit status 1 when it ends in a violated condition.
fn explain_out(expr: &str) -> ExitCode {
    match cute_eval::explain::explain(expr) {
        Ok(x) => {
            let status = print_out(format_args!("{}", x.to_string().trim_end()));
            if x.outcome().is_ok() {
                status
            } else {
                ExitCode::from(FAILURE)
            }
        }
        Err(e) => fail(FAILURE, format_args!("error: {}", e)),
    }
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
