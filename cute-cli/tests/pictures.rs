//! The drawing subcommands, run as a user runs them: `show`, `svg`, `latex`, `html`,
//! `explain`, their options and errors, and `serve` over plain HTTP (the browser tests drive
//! the pages in Chromium).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute")).args(args).output().expect("the cute binary runs")
}

fn stdout(out: &Output) -> &str {
    std::str::from_utf8(&out.stdout).unwrap()
}

fn stderr(out: &Output) -> &str {
    std::str::from_utf8(&out.stderr).unwrap()
}

/// The `data-k` cells of an SVG with their texts.
fn svg_cells(svg: &str) -> Vec<Vec<String>> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let mut cells: Vec<Vec<String>> = Vec::new();
    for n in doc.root_element().children().filter(|n| n.is_element()) {
        match (n.tag_name().name(), n.attribute("class")) {
            ("rect", Some(c)) if c.starts_with("cell") => cells.push(Vec::new()),
            ("text", Some(c)) if c.starts_with('m') || c.starts_with('s') => {
                cells.last_mut().unwrap().push(n.text().unwrap_or("").to_string())
            }
            _ => {}
        }
    }
    cells
}

#[test]
fn show_prints_cute_s_table_for_any_rank() {
    let out = cute(&["show", "(2,3):(3,1)"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let want = "(2,3):(3,1)\n      0   1   2 \n    +---+---+---+\n 0  | 0 | 1 | 2 |\n    +---+---+---+\n 1  | 3 | 4 | 5 |\n    +---+---+---+\n";
    assert_eq!(stdout(&out), want);
    // A call's result, rank 3: folded, with the line that says so.
    let out = cute(&["show", "make_layout((2,2,2), (1,2,4))"]);
    assert!(
        stdout(&out).starts_with("(2,2,2):(1,2,4)\nrank 3 folded: mode 0 down the rows, modes 1..2 across the columns"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("\n 1  | 1 | 3 | 5 | 7 |\n"), "{}", stdout(&out));
}

#[test]
fn show_tv_and_banks_tables() {
    let out = cute(&["show", "make_layout_tv((2,1):(1,1), (1,2):(1,1))"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\n 0  |T0V0|T0V1|\n"), "{}", stdout(&out));
    assert!(stdout(&out).contains("\n 1  |T1V0|T1V1|\n"), "{}", stdout(&out));
    // A layout drawn as a TV layout over a given tile.
    let out = cute(&["show", "(2,2):(2,1)", "--tile", "(2,2)"]);
    // (t, v) -> 2 t + v: index 1 (row 1, column 0) is thread 0's value 1.
    assert!(stdout(&out).contains("\n 0  |T0V0|T1V0|\n"), "{}", stdout(&out));
    assert!(stdout(&out).contains("\n 1  |T0V1|T1V1|\n"), "{}", stdout(&out));
    let out = cute(&["show", "Sw<1,0,1> o 0 o (2,4):(4,1)", "--elem-bytes", "8"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Sw<1,0,1>: bit 1 XORs into bit 0: 2 -> 3, 3 -> 2; bank = offset * 8 / 4 mod 32.
    assert!(stdout(&out).contains("\n 0  | 0 | 1 | 3 | 2 |\n"), "{}", stdout(&out));
    assert!(stdout(&out).contains("banks:\n"), "{}", stdout(&out));
    assert!(stdout(&out).contains("\n 0  |  0 |  2 |  6 |  4 |\n"), "{}", stdout(&out));
    let out = cute(&["show", "(4,8):(8,1)", "--banks", "--elem-bytes", "16"]);
    // Rows of 8 x 16 bytes = 128: every row starts again at bank 0, each element 4 banks on.
    assert!(stdout(&out).contains("\n 1  |  0 |  4 |  8 | 12 | 16 | 20 | 24 | 28 |\n"), "{}", stdout(&out));
}

#[test]
fn svg_and_latex_write_the_same_cells() {
    let dir = std::env::temp_dir().join(format!("cute-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg_file = dir.join("l.svg");
    let out = cute(&["svg", "(4,8):(1,4)", "-o", svg_file.to_str().unwrap()]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), ""), "{}", stderr(&out));
    let svg = std::fs::read_to_string(&svg_file).unwrap();
    let cells = svg_cells(&svg);
    assert_eq!(cells.len(), 32);
    for (k, texts) in cells.iter().enumerate() {
        let (row, col) = (k / 8, k % 8);
        assert_eq!(texts, &[(row + 4 * col).to_string()], "cell {}", k);
    }
    // Without -o: standard output, the same bytes.
    assert_eq!(stdout(&cute(&["svg", "(4,8):(1,4)"])), svg);
    let tex = cute(&["latex", "(4,8):(1,4)"]);
    let tex = stdout(&tex);
    assert!(tex.starts_with("\\documentclass[tikz,border=4pt]{standalone}\n"), "{}", tex);
    assert_eq!(tex.matches("\\filldraw").count(), 32);
    assert!(tex.contains("(2,1) rectangle +(1,1) node[pos=.5] {9};"), "{}", tex);
    // Palette: the rainbow has more than 8 colours.
    let rainbow = cute(&["latex", "(4,8):(1,4)", "--palette", "rainbow"]);
    assert_eq!(stdout(&rainbow).matches("\\definecolor").count(), 32);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn within_highlights_a_partition_in_its_tile() {
    let out = cute(&["svg", "local_partition((8,8):(8,1), (2,4):(4,1), 0)", "--within", "(8,8):(8,1)"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let cells = svg_cells(stdout(&out));
    // Thread 0 of a 2 x 4 thread layout owns rows 0, 2, 4, 6 and columns 0, 4.
    for (k, texts) in cells.iter().enumerate() {
        let (row, col) = (k / 8, k % 8);
        let mine = row % 2 == 0 && col % 4 == 0;
        assert_eq!(texts.len(), if mine { 2 } else { 1 }, "cell ({}, {}): {:?}", row, col, texts);
        assert_eq!(texts[0], (row * 8 + col).to_string());
    }
}

#[test]
fn drawing_errors_name_what_is_wrong() {
    let cases: [(&[&str], &str); 6] = [
        (&["svg", "size((4,8):(1,4))"], "error: invalid argument: nothing to draw: the result 32 is of kind int; a layout, a swizzled or F2 layout, a thread-value layout, an MMA atom, a tiled MMA or a tiled copy is drawn\n"),
        (&["show", "(4,8):(1,4)", "--tv"], "error: invalid argument: a thread-value layout needs its tile: --tile SHAPE\n"),
        (&["show", "(4,8"], "error: parse: at byte 4: expected ',' or ')', found end of input\n"),
        (&["show", "(512,512):(1,512)"], "error: too many cells: (512,512):(1,512) has 262144 cells, more than the 65536 a picture draws\n"),
        (&["svg", "local_partition((8,8):(8,1), (2,4):(4,1), 0)"], "error: invalid argument: 0 o (4,2):(16,4) is a partition: draw it in its tile with --within LAYOUT\n"),
        (&["show", "(4,8):(1,4)", "--within", "(4,8"], "error: parse: --within (4,8: at byte 4: expected ',' or ')', found end of input\n"),
    ];
    for (args, want) in cases {
        let out = cute(args);
        assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(1), "", want), "{:?}", args);
    }
    let more: [(&[&str], &str); 6] = [
        (&["show", "Sw<3,60,3> o 0 o (2,2):(1,2)"], "error: invalid swizzle: swizzle fields do not fit in 63 bits\n"),
        (&["show", "(4,8):(1,4)", "--tile", "(0,2)"], "error: invalid argument: tile (0,2) of TV layout (4,8):(1,4): extent 0 of the shape (0,2) is not positive\n"),
        (&["show", "(4,8):(1,4)", "--tile", "(-2,2)"], "error: invalid argument: tile (-2,2) of TV layout (4,8):(1,4): extent -2 of the shape (-2,2) is not positive\n"),
        (&["show", "(4,8):(1,4)", "--within", "32:1", "--tv"], "error: invalid argument: --within draws a partition: it does not go with --tv, --tile or --banks\n"),
        (&["show", "make_layout_tv(2:1, 2:1)", "--banks"], "error: invalid argument: --banks colours a shared-memory layout: it does not go with a thread-value layout (--tv, --tile)\n"),
        (&["show", "(4,8):(1,4)", "--elem-bytes", "2"], "error: invalid argument: --elem-bytes sizes the elements of a bank picture: add --banks\n"),
    ];
    let wide = format!("(256,(256{})):(1,(256{}))", ",1".repeat(15), ",0".repeat(15));
    let want = format!("error: too many cells: {} has 65536 cells of 17-leaf coordinates, more than the 1048576 coordinate leaves a picture holds\n", wide);
    let wide_args = ["show", wide.as_str()];
    for (args, want) in more.iter().copied().chain([(&wide_args[..], want.as_str())]) {
        let out = cute(args);
        assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(1), "", want), "{:?}", args);
    }
    let out = cute(&["show", "(4,8):(1,4)", "--palette", "plaid"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown palette 'plaid': expected greys, pastels or rainbow"), "{}", stderr(&out));
}

/// An MMA atom by name, a `make_tiled_mma(...)` and a `make_tiled_copy(...)` are drawn as CuTe
/// draws them: B above C and A left of it, or source beside destination; the cells row by row.
#[test]
fn atoms_and_tiled_operations_are_drawn_as_cute_draws_them() {
    // m16n8k16's first row of cells is B's k = 0: "row (k) = threadID_in_group * 2 + (i & 1),
    // col (n) = groupID", so n = g is lane 4g's value 0.
    let out = cute(&["svg", "SM80_16x8x16_F32F16F16F32_TN"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let cells = svg_cells(stdout(&out));
    assert_eq!(cells.len(), 8 * 16 + 16 * 16 + 16 * 8);
    for (g, cell) in cells.iter().take(8).enumerate() {
        assert_eq!(*cell, [format!("T{}", 4 * g), "V0".to_string()]);
    }
    let mma = "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1):(1,2,0), <_,_,_>)";
    let out = cute(&["show", mma]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with(&format!("{}\n", mma)), "{}", text);
    assert!(text.ends_with("A: each element held by 2 (thread, value) pairs; B: each element held by 2 (thread, value) pairs; C: each element held by one thread\n"), "{}", text);
    let copy = "make_tiled_copy(UniversalCopy<uint32_t>, 32, (4,2):(1,4), (1,2):(1,1))";
    let out = cute(&["latex", copy]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("\\filldraw").count(), 2 * 16);
    let errors: [(&[&str], &str); 2] = [
        (&["svg", "SM75_U32x4_LDSM_N"], "error: invalid argument: a copy atom is drawn tiled, with its element width: make_tiled_copy(SM75_U32x4_LDSM_N, BITS, THR, VAL) or make_tiled_copy_a(SM75_U32x4_LDSM_N, BITS, MMA)\n"),
        (&["show", "SM80_8x8x4_F64F64F64F64_TN", "--tv"], "error: invalid argument: an MMA atom, a tiled MMA or a tiled copy is drawn as CuTe draws it: --tv, --tile, --banks, --elem-bytes and --within do not apply\n"),
    ];
    for (args, want) in errors {
        let out = cute(args);
        assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(1), "", want), "{:?}", args);
    }
}

#[test]
fn html_is_one_self_contained_page() {
    let out = cute(&["html", "composition((4,6):(1,4), 6:2)"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<code id=\"result\">6:2</code>"), "{}", page);
    assert!(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"picture\""));
    assert!(page.contains("<pre id=\"explanation\">composition((4,6):(1,4), 6:2)\n"), "{}", page);
    // No network: no external script, style, image or font.
    for external in ["src=", "<link", "@import", "url("] {
        assert!(!page.contains(external), "the page refers outside itself: {}", external);
    }
    assert_eq!(page.matches("http").count(), 1, "only the SVG namespace names a URL");
    // The hover text names a bank picture's second number as what it is.
    let f2 = cute(&["html", "(4,4):(f1,f5)"]);
    assert!(stdout(&f2).contains("data-kind=\"banks\" data-second=\"index\""), "{}", stdout(&f2));
    let sw = cute(&["html", "Sw<1,0,1> o 0 o (2,2):(2,1)"]);
    assert!(stdout(&sw).contains("data-kind=\"banks\" data-second=\"unswizzled\""));
    // A failing expression writes no page.
    let out = cute(&["html", "composition((4,6,8):(2,3,5), 6:3)"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), ""));
    assert!(stderr(&out).starts_with("error: stride divisibility: "), "{}", stderr(&out));
}

#[test]
fn explain_prints_the_derivation() {
    let out = cute(&["explain", "complement(4:2, 24)"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("complement(4:2, 24)\n"), "{}", stdout(&out));
    assert!(stdout(&out).ends_with("\n= (2,3):(1,8)\n"), "{}", stdout(&out));
    let out = cute(&["explain", "composition((4,6,8):(2,3,5), 6:3)"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).trim_end().lines().last().unwrap().starts_with("error: stride divisibility: "),
        "{}",
        stdout(&out)
    );
    let out = cute(&["explain", "size(4:1)"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("error: "), "{}", stderr(&out));
}

/// A `cute serve` process, killed when dropped.
struct Server(Child, String);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve() -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("cute serve runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("listening on http://").unwrap().trim_end_matches('/').to_string();
    Server(child, addr)
}

fn get(server: &Server, target: &str) -> (String, String) {
    let mut s = TcpStream::connect(&server.1).unwrap();
    write!(s, "GET {} HTTP/1.1\r\nHost: {}\r\n\r\n", target, server.1).unwrap();
    let mut response = String::new();
    s.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

#[test]
fn serve_answers_pages_and_errors() {
    let server = serve();
    let (status, body) = get(&server, "/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<input id=\"expr\" name=\"e\""), "{}", body);
    let (status, body) = get(&server, "/?e=logical_divide%28%288%2C8%29%3A%288%2C1%29%2C+%3C2%3A1%2C4%3A1%3E%29");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<code id=\"result\">((2,4),(4,2)):((8,16),(1,4))</code>"), "{}", body);
    assert!(body.contains("id=\"picture\"") && body.contains("<pre id=\"explanation\">"));
    // The form holds the expression again, so it can be edited.
    assert!(body.contains("value=\"logical_divide((8,8):(8,1), &lt;2:1,4:1&gt;)\""), "{}", body);
    let (_, body) = get(&server, "/?e=composition%28%284%2C6%29%3A%281%2C4%29%2C+6%3A");
    assert!(body.contains("<p id=\"error\">error: parse: at byte 27: "), "{}", body);
    assert!(body.contains("<form id=\"form\""));
    let (_, body) = get(&server, "/?e=%28512%2C512%29%3A%281%2C512%29");
    assert!(body.contains("<p id=\"notice\">No picture: too many cells: "), "{}", body);
    let (_, body) = get(&server, &format!("/?e={}", "x".repeat(5000)));
    assert!(body.contains("<p id=\"error\">the expression is 5000 bytes, more than the 4096 served</p>"), "{}", body);
    let (status, _) = get(&server, "/elsewhere");
    assert_eq!(status, "HTTP/1.1 404 Not Found");
    let (_, body) = get(&server, "/?e=%ZZ");
    assert!(body.contains("<p id=\"error\">the address holds a bad %-escape</p>"), "{}", body);
}

/// The raw response to a raw request.
fn raw(server: &Server, request: &[u8]) -> String {
    let mut s = TcpStream::connect(&server.1).unwrap();
    s.write_all(request).unwrap();
    let mut response = Vec::new();
    s.read_to_end(&mut response).unwrap();
    String::from_utf8_lossy(&response).into_owned()
}

/// Percent-encode every byte but letters and digits, as a browser's form does for punctuation.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{:02X}", b) })
        .collect()
}

#[test]
fn serve_reads_whole_requests_or_refuses_them() {
    let server = serve();
    // 2,823 bytes of expression, 8 KiB encoded: evaluated whole (an error), never cut short.
    let expr = format!("   (4,8):(1,4){})))garbage", " ".repeat(2800));
    let (status, body) = get(&server, &format!("/?e={}", encode(&expr)));
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<p id=\"error\">error: parse: at byte 2814: "), "{}", &body[..body.len().min(3000)]);
    assert!(!body.contains("id=\"result\""));
    // A request line past 12 KiB is refused whole.
    let response = raw(&server, format!("GET /?e={} HTTP/1.1\r\n\r\n", "x".repeat(13_000)).as_bytes());
    assert!(response.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{}", &response[..100]);
    assert!(response.ends_with("the request line is longer than the 12352 bytes served\n"), "{}", response);
    let response = raw(&server, b"GET /?e=\xff HTTP/1.1\r\n\r\n");
    assert!(response.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{}", response);
    assert!(response.ends_with("the request line is not UTF-8 text\n"), "{}", response);
    let (_, body) = get(&server, "/?e=%+1");
    assert!(body.contains("<p id=\"error\">the address holds a bad %-escape</p>"), "{}", body);
    // Control characters are not HTML text: they come back as U+FFFD.
    let (_, body) = get(&server, "/?e=size%28%01%29");
    assert!(!body.contains('\u{1}') && body.contains("size(\u{fffd})"), "{}", body);
    let response = raw(&server, b"POST / HTTP/1.1\r\n\r\n");
    assert!(response.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"), "{}", response);
}

#[test]
fn silent_clients_do_not_stall_the_server() {
    let server = serve();
    // Eight connections that never send a request take every worker; each is dropped at its
    // deadline, and the next request is answered.
    let mut silent: Vec<TcpStream> = (0..8).map(|_| TcpStream::connect(&server.1).unwrap()).collect();
    let (status, body) = get(&server, "/?e=size%284%3A1%29");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<code id=\"result\">4</code>"), "{}", body);
    for s in &mut silent {
        let mut rest = Vec::new();
        // The server closes the connection without an answer.
        assert_eq!(s.read_to_end(&mut rest).unwrap(), 0);
    }
}
