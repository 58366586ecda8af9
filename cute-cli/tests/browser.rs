//! End-to-end tests of `cute html` pages and `cute serve` in a real headless Chromium, driven
//! through chromedriver (W3C WebDriver).
//!
//! They need /usr/bin/chromium and /usr/bin/chromedriver (Debian's chromium and chromium-driver).
//! Without them each test prints that it was skipped and passes, unless CUTE_BROWSER_TESTS=require
//! (set by .ci/run), which makes a missing browser a failure.
//!
//! Every expected value is computed here from the layout's definition (offset = sum of
//! coordinate * stride over the leaves), or taken from `cute eval`, never from the page.

mod webdriver;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::json;
use webdriver::{poll, Browser, Element, KillOnDrop, TempDir, DEADLINE, ENTER};

/// A browser session, or None (after saying why) when the browser tests are skipped.
fn browser(test: &str) -> Option<Browser> {
    if let Some(missing) = webdriver::missing_browser() {
        let required = std::env::var("CUTE_BROWSER_TESTS").is_ok_and(|v| v == "require");
        assert!(!required, "CUTE_BROWSER_TESTS=require but the browser tests cannot run: {}", missing);
        // Straight to the standard error, past the test harness's capture, so that a plain
        // `cargo test` shows it.
        let line =
            format!("browser test {} skipped: {}; CUTE_BROWSER_TESTS=require makes this a failure\n", test, missing);
        let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
        return None;
    }
    Some(Browser::start())
}

// ---- The layout algebra's definition, to compute what the pages must show ----

/// An integer or a tuple of them, as in CuTe notation.
#[derive(Clone, Debug, PartialEq)]
enum Tuple {
    Int(i64),
    Tup(Vec<Tuple>),
}

impl Tuple {
    fn parse(text: &str) -> Tuple {
        let (t, rest) = Tuple::parse_prefix(text.trim());
        assert!(rest.trim().is_empty(), "trailing text {:?} after a tuple in {:?}", rest, text);
        t
    }

    fn parse_prefix(text: &str) -> (Tuple, &str) {
        let text = text.trim_start();
        if let Some(mut rest) = text.strip_prefix('(') {
            let mut items = Vec::new();
            loop {
                let (item, after) = Tuple::parse_prefix(rest);
                items.push(item);
                let after = after.trim_start();
                if let Some(r) = after.strip_prefix(',') {
                    rest = r;
                } else if let Some(r) = after.strip_prefix(')') {
                    return (Tuple::Tup(items), r);
                } else {
                    panic!("expected ',' or ')' at {:?}", after);
                }
            }
        }
        let end = text.find(|c: char| !(c.is_ascii_digit() || c == '-')).unwrap_or(text.len());
        let n = text[..end].parse().unwrap_or_else(|_| panic!("expected an integer at {:?}", text));
        (Tuple::Int(n), &text[end..])
    }

    fn leaves(&self) -> Vec<i64> {
        match self {
            Tuple::Int(n) => vec![*n],
            Tuple::Tup(items) => items.iter().flat_map(Tuple::leaves).collect(),
        }
    }

    /// The top-level modes: an integer is one mode.
    fn modes(&self) -> Vec<Tuple> {
        match self {
            Tuple::Int(_) => vec![self.clone()],
            Tuple::Tup(items) => items.clone(),
        }
    }
}

/// A layout shape:stride with integer strides.
#[derive(Clone, Debug)]
struct Layout {
    shape: Tuple,
    stride: Tuple,
}

impl Layout {
    fn parse(text: &str) -> Layout {
        let (shape, rest) = Tuple::parse_prefix(text.trim());
        let rest = rest.trim_start().strip_prefix(':').unwrap_or_else(|| panic!("no ':' in layout {:?}", text));
        Layout { shape, stride: Tuple::parse(rest) }
    }

    fn modes(&self) -> Vec<Layout> {
        let strides = self.stride.modes();
        self.shape.modes().into_iter().zip(strides).map(|(shape, stride)| Layout { shape, stride }).collect()
    }

    fn size(&self) -> i64 {
        self.shape.leaves().iter().product()
    }

    /// L(i) for a linear index: i split over the leaves colexicographically (the leftmost leaf
    /// varies fastest), each leaf coordinate times its stride, summed.
    fn at(&self, index: i64) -> i64 {
        let mut rest = index;
        let mut offset = 0;
        for (s, d) in self.shape.leaves().into_iter().zip(self.stride.leaves()) {
            offset += (rest % s) * d;
            rest /= s;
        }
        offset
    }
}

/// The top-level items of a tuple's text, e.g. the tiler and the layout of `((8,4), (4,2):(2,1))`.
fn split_top(text: &str) -> Vec<&str> {
    let inner = text.trim().strip_prefix('(').and_then(|t| t.strip_suffix(')')).expect("a parenthesized tuple");
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(inner[start..].trim());
    items
}

// ---- Running `cute` ----

fn cute(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cute")).args(args).stdin(Stdio::null()).output().expect("cute runs")
}

/// `cute eval EXPR`'s result.
fn eval(expr: &str) -> String {
    let out = cute(&["eval", expr]);
    assert!(out.status.success(), "cute eval {:?}: {}", expr, String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output").trim_end().to_string()
}

/// `cute html [FLAGS] EXPR -o DIR/NAME.html`: the page's path.
fn html(flags: &[&str], expr: &str, dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(format!("{}.html", name));
    let mut args = vec!["html"];
    args.extend_from_slice(flags);
    args.extend([expr, "-o", path.to_str().expect("a UTF-8 temporary path")]);
    let out = cute(&args);
    assert!(out.status.success(), "cute {:?} failed: {}", args, String::from_utf8_lossy(&out.stderr));
    assert!(path.is_file(), "cute {:?} wrote no file", args);
    path
}

fn file_url(path: &Path) -> String {
    format!("file://{}", path.display())
}

// ---- Reading the pages ----

/// The text of the element matching `css`, waited for.
fn text_of(b: &Browser, css: &str) -> String {
    let el = b.wait_for(css);
    b.text(&el)
}

/// The picture's cells, indexed by their `data-k`, which must be 0, 1, ... n-1 once each.
fn cells(b: &Browser) -> Vec<Element> {
    b.wait_for("#picture");
    let elements = b.find_all("#picture rect.cell");
    let ks = b.execute("return Array.from(document.querySelectorAll('#picture rect.cell'), e => e.dataset.k)", &[]);
    let ks: Vec<usize> = ks
        .as_array()
        .expect("a list")
        .iter()
        .map(|k| k.as_str().and_then(|k| k.parse().ok()).unwrap_or_else(|| panic!("a cell's data-k is {}", k)))
        .collect();
    assert_eq!(ks.len(), elements.len());
    let mut by_k: Vec<Option<Element>> = vec![None; ks.len()];
    for (k, el) in ks.into_iter().zip(elements) {
        assert!(k < by_k.len() && by_k[k].is_none(), "data-k {} is out of range or repeated", k);
        by_k[k] = Some(el);
    }
    by_k.into_iter().map(Option::unwrap).collect()
}

/// The value written after `name ` in the info text: a parenthesized tuple or an integer.
fn field(info: &str, name: &str) -> Option<String> {
    let key = format!("{} ", name);
    let mut from = 0;
    while let Some(i) = info[from..].find(&key).map(|i| i + from) {
        from = i + key.len();
        // A whole word: not the tail of a longer one.
        if info[..i].chars().next_back().is_some_and(|c| c.is_alphanumeric()) {
            continue;
        }
        let rest = &info[from..];
        let end = if rest.starts_with('(') {
            let mut depth = 0;
            rest.char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map(|(j, _)| j + 1)?
        } else {
            rest.find(|c: char| !(c.is_ascii_digit() || c == '-')).unwrap_or(rest.len())
        };
        return (end > 0).then(|| rest[..end].to_string());
    }
    None
}

fn int_field(info: &str, name: &str) -> i64 {
    let v = field(info, name).unwrap_or_else(|| panic!("no `{} N` in the info {:?}", name, info));
    v.parse().unwrap_or_else(|_| panic!("`{} {}` is not an integer in the info {:?}", name, v, info))
}

/// The page loads nothing: no script, style sheet, font or image from anywhere, and logs no error.
fn assert_self_contained(b: &Browser, source: &str) {
    let lower = source.to_ascii_lowercase();
    for needle in ["<script src", "<link", "@import", "url(http", "src=\"http", "src='http"] {
        assert!(!lower.contains(needle), "the page source has {:?}: it is not self-contained", needle);
    }
    let loaded = b.execute("return performance.getEntriesByType('resource').map(e => e.name)", &[]);
    assert_eq!(loaded, json!([]), "the page loaded resources");
    assert_no_errors(b);
}

fn assert_no_errors(b: &Browser) {
    let errors = b.severe_logs();
    assert!(errors.is_empty(), "the browser console has errors: {:?}", errors);
}

/// Where the screenshots go: a temporary directory, kept so that a person can look.
fn shots() -> PathBuf {
    let dir = std::env::temp_dir().join("cute-browser-screenshots");
    std::fs::create_dir_all(&dir).expect("the screenshot directory can be made");
    dir
}

// ---- The driver itself, on a page written here ----

const SELF_TEST_PAGE: &str = r#"<!doctype html><meta charset="utf-8"><title>driver self-test</title>
<form id="form"><input id="expr" name="e"><button id="go">Go</button></form>
<p id="result"></p><p id="info"></p>
<svg id="picture" width="200" height="50"><rect class="cell" data-k="0" x="0" y="0" width="50" height="50"/><rect
 class="cell" data-k="1" x="50" y="0" width="50" height="50"/><rect class="cell" data-k="2" x="100" y="0" width="50"
 height="50"/><rect class="cell" data-k="3" x="150" y="0" width="50" height="50"/></svg>
<script>
document.getElementById('result').textContent = new URLSearchParams(location.search).get('e') || '';
for (const c of document.querySelectorAll('.cell')) {
  const k = +c.dataset.k;
  c.addEventListener('mouseenter', () => {
    document.getElementById('info').textContent = `coord (0,${k}) index ${k} offset ${2 * k} thread ${k % 2}`;
  });
  c.addEventListener('click', () => {
    for (const d of document.querySelectorAll('.cell')) d.classList.toggle('picked', d.dataset.k % 2 == k % 2);
  });
}
</script>"#;

#[test]
fn driver_self_test() {
    let Some(b) = browser("driver_self_test") else { return };
    let dir = TempDir::new("browser-self-test");
    let page = dir.path().join("page.html");
    std::fs::write(&page, SELF_TEST_PAGE).unwrap();
    b.goto(&file_url(&page));
    assert_self_contained(&b, SELF_TEST_PAGE);
    assert!(b.find("#nothing-here").is_none());

    let cells = cells(&b);
    assert_eq!(cells.len(), 4);
    let info = hover_until(&b, &cells[3], "coord", "(0,3)");
    assert_eq!((int_field(&info, "index"), int_field(&info, "offset")), (3, 6));
    // A wrong expectation fails.
    assert_eq!(field("coord (0,3) index 31", "index").as_deref(), Some("31"));
    assert_eq!(field("reindex 4", "index"), None);

    b.click(&cells[1]);
    let picked = b.execute("return Array.from(document.querySelectorAll('.cell.picked'), e => e.dataset.k)", &[]);
    assert_eq!(picked, json!(["1", "3"]));
    assert_eq!(b.attribute(&cells[3], "class").as_deref(), Some("cell picked"));
    let class = b.execute("return arguments[0].getAttribute('class')", &[Browser::arg(&cells[0])]);
    assert_eq!(class, json!("cell"));

    let input = b.wait_for("#expr");
    assert_eq!(b.attribute(&input, "name").as_deref(), Some("e"));
    b.send_keys(&input, "size(4:1)");
    assert_eq!(b.property(&input, "value"), json!("size(4:1)"));
    b.send_keys(&input, ENTER);
    poll("the form's submission", DEADLINE, || b.current_url().contains("?e=").then_some(()));
    assert_eq!(text_of(&b, "#result"), "size(4:1)");
    let shot = b.screenshot(dir.path(), "self-test");
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"), "the screenshot is a PNG");
}

// ---- `cute html` ----

/// Poll until `read` gives `want`; on a timeout, fail showing the last value read.
fn poll_eq<T: PartialEq + std::fmt::Debug>(what: &str, want: &T, mut read: impl FnMut() -> T) {
    let mut last = None;
    let found = webdriver::try_poll(DEADLINE, || {
        let got = read();
        let ok = &got == want;
        last = Some(got);
        ok.then_some(())
    });
    assert!(found.is_some(), "{} (waited {:?}): want {:?}, the page has {:?}", what, DEADLINE, want, last);
}

/// Hover a cell (the pointer at its center, as WebDriver moves it) and return #info's text once
/// its `name` field reads `want`.
fn hover_until(b: &Browser, cell: &Element, name: &str, want: &str) -> String {
    b.hover(cell);
    let info = b.wait_for("#info");
    let mut text = String::new();
    let shown = webdriver::try_poll(DEADLINE, || {
        text = b.text(&info);
        (field(&text, name).as_deref() == Some(want)).then_some(())
    });
    if shown.is_none() {
        // Say what the pointer is on: the cell, or something drawn over it.
        let script = "const r = arguments[0].getBoundingClientRect();\
                      const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);\
                      return e ? e.outerHTML.slice(0, 200) : null;";
        let under = b.execute(script, &[Browser::arg(cell)]);
        panic!(
            "hovering the cell with {} {}: after {:?} #info is {:?}; the element at the cell's center is {}",
            name, want, DEADLINE, text, under
        );
    }
    text
}

/// The `data-k` of the cells with the class `picked`.
fn picked(b: &Browser) -> BTreeSet<usize> {
    let ks = b.execute("return Array.from(document.querySelectorAll('#picture .cell.picked'), e => e.dataset.k)", &[]);
    ks.as_array().expect("a list").iter().map(|k| k.as_str().and_then(|k| k.parse().ok()).expect("a data-k")).collect()
}

/// Hover every cell of the picture of a rank-2 layout with flat modes: cell k sits at row
/// r = k / cols and column c = k % cols of a size(mode 0) x size(mode 1) grid; #info must say
/// `coord (r,c)`, `index r + c*rows` (colexicographic) and `offset r*d0 + c*d1`.
fn check_rank2_cells(b: &Browser, layout: &Layout) {
    let modes = layout.modes();
    assert_eq!(modes.len(), 2, "{:?} is rank 2", layout);
    let (rows, cols) = (modes[0].size(), modes[1].size());
    let (d0, d1) = (modes[0].stride.leaves(), modes[1].stride.leaves());
    assert!(d0.len() == 1 && d1.len() == 1, "{:?} has flat modes", layout);
    let cells = cells(b);
    assert_eq!(cells.len() as i64, rows * cols, "the picture of {:?} has one cell per coordinate", layout);
    for (k, cell) in cells.iter().enumerate() {
        let (r, c) = (k as i64 / cols, k as i64 % cols);
        let info = hover_until(b, cell, "coord", &format!("({},{})", r, c));
        let index = r + c * rows;
        assert_eq!(int_field(&info, "index"), index, "cell {} of {:?}: {:?}", k, layout, info);
        assert_eq!(int_field(&info, "offset"), r * d0[0] + c * d1[0], "cell {} of {:?}: {:?}", k, layout, info);
        assert_eq!(layout.at(index), r * d0[0] + c * d1[0]);
    }
}

#[test]
fn html_layout_picture() {
    let Some(b) = browser("html_layout_picture") else { return };
    let dir = TempDir::new("browser-html-layout");
    for (name, expr) in [("col-major", "(4,8):(1,4)"), ("row-major", "(4,8):(8,1)")] {
        let page = html(&[], expr, dir.path(), name);
        b.goto(&file_url(&page));
        assert_self_contained(&b, &std::fs::read_to_string(&page).unwrap());
        // A layout is its own result; `cute eval` prints the same layout made by make_layout.
        let (shape, stride) = expr.split_once(':').unwrap();
        assert_eq!(text_of(&b, "#result"), eval(&format!("make_layout({}, {})", shape, stride)));
        let layout = Layout::parse(expr);
        if name == "col-major" {
            // The example of the contract: row 1, column 2 is cell 1*8 + 2.
            let info = hover_until(&b, &cells(&b)[10], "coord", "(1,2)");
            assert_eq!((int_field(&info, "index"), int_field(&info, "offset")), (9, 9), "{:?}", info);
        }
        check_rank2_cells(&b, &layout);
        println!("screenshot: {}", b.screenshot(&shots(), &format!("html-{}", name)).display());
        assert_no_errors(&b);
    }
}

#[test]
fn html_explained_composition() {
    let Some(b) = browser("html_explained_composition") else { return };
    let dir = TempDir::new("browser-html-composition");
    let (a, bl) = ("(4,6):(1,4)", "6:2");
    let expr = format!("composition({}, {})", a, bl);
    let page = html(&[], &expr, dir.path(), "composition");
    b.goto(&file_url(&page));
    assert_self_contained(&b, &std::fs::read_to_string(&page).unwrap());
    let result = eval(&expr);
    assert_eq!(text_of(&b, "#result"), result);
    let explanation = text_of(&b, "#explanation");
    assert!(!explanation.trim().is_empty(), "#explanation is empty");

    // The picture is of the result R = A o B: R(i) = A(B(i)) for every i < size(B). Its grid has
    // one row or one column (rank 1), so cell k has index k either way.
    let (a, bl, r) = (Layout::parse(a), Layout::parse(bl), Layout::parse(&result));
    let cells = cells(&b);
    assert_eq!(cells.len() as i64, bl.size());
    for (k, cell) in cells.iter().enumerate() {
        let info = hover_until(&b, cell, "index", &k.to_string());
        assert!(field(&info, "coord").is_some(), "no coord in {:?}", info);
        let i = k as i64;
        assert_eq!(int_field(&info, "offset"), a.at(bl.at(i)), "cell {}: {:?}", k, info);
        assert_eq!(r.at(i), a.at(bl.at(i)), "cute eval's result {} is A o B at {}", result, i);
    }
    println!("screenshot: {}", b.screenshot(&shots(), "html-composition").display());
    assert_no_errors(&b);
}

/// Check the thread-value picture on the page: the tile TILER = (rows, cols) drawn, where TV
/// maps (thread, value) to the tile's index; every cell names the thread and value holding it,
/// and clicking a cell picks all the cells of its thread and only those.
fn check_tv_page(b: &Browser, tiler: &str, tv: &str, shot: &str) {
    let tiler = Tuple::parse(tiler).leaves();
    assert_eq!(tiler.len(), 2, "the tile {:?} is 2-D", tiler);
    let (rows, cols) = (tiler[0], tiler[1]);
    let tv = Layout::parse(tv).modes();
    let (threads, values) = (&tv[0], &tv[1]);
    let cells = cells(b);
    assert_eq!(cells.len() as i64, rows * cols);

    let mut thread_of = Vec::new();
    let mut held = BTreeSet::new();
    for (k, cell) in cells.iter().enumerate() {
        let (r, c) = (k as i64 / cols, k as i64 % cols);
        let info = hover_until(b, cell, "coord", &format!("({},{})", r, c));
        let (t, v) = (int_field(&info, "thread"), int_field(&info, "value"));
        assert!((0..threads.size()).contains(&t) && (0..values.size()).contains(&v), "cell {}: {:?}", k, info);
        let index = r + c * rows;
        assert_eq!(int_field(&info, "index"), index, "cell {}: {:?}", k, info);
        assert_eq!(threads.at(t) + values.at(v), index, "TV({},{}) is cell {}'s tile index: {:?}", t, v, k, info);
        assert!(field(&info, "offset").is_some(), "cell {}: no `offset` in {:?}", k, info);
        assert!(held.insert((t, v)), "(thread {}, value {}) is shown twice", t, v);
        thread_of.push(t);
    }
    assert_eq!(held.len() as i64, threads.size() * values.size());

    for k in [0, thread_of.iter().position(|&t| t != thread_of[0]).expect("two threads")] {
        let t = thread_of[k];
        b.click(&cells[k]);
        let want: BTreeSet<usize> = (0..cells.len()).filter(|&j| thread_of[j] == t).collect();
        assert_eq!(want.len() as i64, values.size(), "thread {} holds one cell per value", t);
        poll_eq(&format!("clicking cell {}: the picked cells (thread {})", k, t), &want, || picked(b));
        poll_eq(&format!("clicking cell {}: #info's thread", k), &Some(t.to_string()), || {
            field(&text_of(b, "#info"), "thread")
        });
    }
    println!("screenshot: {}", b.screenshot(&shots(), shot).display());
    assert_no_errors(b);
}

/// A thread-value picture: the tile of a `make_layout_tv` result, and the same layout drawn with
/// `--tv --tile`.
#[test]
fn html_tv_picture() {
    let Some(b) = browser("html_tv_picture") else { return };
    let dir = TempDir::new("browser-html-tv");
    let expr = "make_layout_tv((4,2):(1,4), (2,2):(1,2))";
    let result = eval(expr);
    // (TILER, TV): TV maps (thread, value) to the index of a tile of shape TILER.
    let parts = split_top(&result);
    assert_eq!(parts.len(), 2, "{} is (tiler, tv)", result);
    let (tiler, tv) = (parts[0], parts[1]);

    let page = html(&[], expr, dir.path(), "tv");
    b.goto(&file_url(&page));
    assert_self_contained(&b, &std::fs::read_to_string(&page).unwrap());
    assert_eq!(text_of(&b, "#result"), result);
    check_tv_page(&b, tiler, tv, "html-tv");

    let (shape, stride) = tv.split_once(':').unwrap();
    let expr = format!("make_layout({}, {})", shape, stride);
    let page = html(&["--tv", "--tile", tiler], &expr, dir.path(), "tv-flag");
    b.goto(&file_url(&page));
    assert_self_contained(&b, &std::fs::read_to_string(&page).unwrap());
    assert_eq!(text_of(&b, "#result"), eval(&expr));
    check_tv_page(&b, tiler, tv, "html-tv-flag");
}

/// An MMA atom's page: CuTe's picture (B above C, A to its left, k between), each drawn cell
/// naming its operand, coordinate, thread and value, which `cute eval`'s TV layout of that
/// operand maps to the cell's index; clicking a cell picks its thread's cells in all three.
#[test]
fn html_mma_picture() {
    let Some(b) = browser("html_mma_picture") else { return };
    let dir = TempDir::new("browser-html-mma");
    let atom = "SM80_16x8x8_F16F16F16F16_TN";
    let (m, n, k) = (16i64, 8i64, 8i64);
    let (corner, cols) = (k + 1, k + 1 + n);
    let page = html(&[], atom, dir.path(), "mma");
    b.goto(&file_url(&page));
    assert_self_contained(&b, &std::fs::read_to_string(&page).unwrap());
    let tv = |op: &str| Layout::parse(&eval(&format!("layout_{}_tv({})", op, atom)));
    let (a_tv, b_tv, c_tv) = (tv("a"), tv("b"), tv("c"));
    b.wait_for("#picture");
    let elements = b.find_all("#picture rect.cell");
    assert_eq!(elements.len() as i64, m * k + n * k + m * n, "one drawn cell per operand element");
    // The first thread holding each element of an operand (the picture names the lowest).
    let first = |layout: &Layout, size: i64| {
        let mut first = vec![i64::MAX; size as usize];
        for i in 0..layout.size() {
            let e = &mut first[layout.at(i) as usize];
            *e = (*e).min(i % 32);
        }
        first
    };
    let (a_first, b_first, c_first) = (first(&a_tv, m * k), first(&b_tv, n * k), first(&c_tv, m * n));
    let mut owner = Vec::new();
    for (j, el) in elements.iter().enumerate() {
        let cell: i64 = b.attribute(el, "data-k").expect("a data-k").parse().unwrap();
        let (row, col) = (cell / cols, cell % cols);
        // Where CuTe draws each operand: C right of the corner and below it, A left, B above.
        let (op, coord, index, layout, holder) = match (row >= corner, col >= corner) {
            (true, true) => ("C", (row - corner, col - corner), row - corner + m * (col - corner), &c_tv, &c_first),
            (true, false) => ("A", (row - corner, col), row - corner + m * col, &a_tv, &a_first),
            (false, true) => ("B", (col - corner, row), col - corner + n * row, &b_tv, &b_first),
            (false, false) => panic!("a cell drawn in the corner, at row {} column {}", row, col),
        };
        owner.push((cell as usize, holder[index as usize]));
        // Hover a sample (every third cell): each hover is a round trip to the browser.
        if j % 3 == 0 {
            let info = hover_until(&b, el, "coord", &format!("({},{})", coord.0, coord.1));
            assert!(info.starts_with(&format!("{} coord", op)), "cell {}: {:?}", cell, info);
            let (t, v) = (int_field(&info, "thread"), int_field(&info, "value"));
            assert_eq!(int_field(&info, "index"), index, "cell {}: {:?}", cell, info);
            assert_eq!(layout.at(t + 32 * v), index, "layout_{}_tv({}, {}) is cell {}: {:?}", op, t, v, cell, info);
            assert_eq!(t, holder[index as usize], "cell {}: the lowest thread holding it: {:?}", cell, info);
        }
    }
    // Clicking a C cell picks its thread's cells in C, A and B: m16n8k8's 4 + 4 + 2 values.
    let (cell, t) = owner[owner.len() - 5];
    let j = owner.iter().position(|&(c, _)| c == cell).unwrap();
    b.click(&elements[j]);
    let want: BTreeSet<usize> = owner.iter().filter(|&&(_, o)| o == t).map(|&(c, _)| c).collect();
    assert_eq!(want.len(), 10, "thread {}'s cells", t);
    poll_eq(&format!("clicking a C cell of thread {}: the picked cells", t), &want, || picked(&b));
    println!("screenshot: {}", b.screenshot(&shots(), "html-mma").display());
    assert_no_errors(&b);

    // Two atoms along N: each A element is held by a thread of each (t and t + 32), and the
    // picture names the first. Clicking a C cell of thread 40 picks the A cells it shares
    // with thread 8 as well as its own B and C cells.
    let tiled = format!("make_tiled_mma({}, (1,2,1):(0,1,0))", atom);
    let (n, threads) = (16i64, 64i64);
    let (corner, cols) = (k + 1, k + 1 + n);
    let page = html(&[], &tiled, dir.path(), "tiled-mma");
    b.goto(&file_url(&page));
    let tv = |op: &str| Layout::parse(&eval(&format!("layout_{}_tv({})", op, tiled)));
    // Every thread holding each drawn cell, from the operands' TV layouts.
    let mut holders: Vec<BTreeSet<i64>> = vec![BTreeSet::new(); (cols * (corner + m)) as usize];
    for (op, size) in [("a", m * k), ("b", n * k), ("c", m * n)] {
        let layout = tv(op);
        assert_eq!(layout.size(), size * if op == "a" { 2 } else { 1 }, "layout_{}_tv", op);
        for i in 0..layout.size() {
            let e = layout.at(i);
            let cell = match op {
                "a" => (corner + e % m) * cols + e / m,
                "b" => (e / n) * cols + corner + e % n,
                _ => (corner + e % m) * cols + corner + e / m,
            };
            holders[cell as usize].insert(i % threads);
        }
    }
    b.wait_for("#picture");
    let elements = b.find_all("#picture rect.cell");
    let t = 40;
    let clicked = elements
        .iter()
        .find(|el| {
            let cell: i64 = b.attribute(el, "data-k").unwrap().parse().unwrap();
            cell / cols >= corner && cell % cols >= corner && holders[cell as usize].first() == Some(&t)
        })
        .expect("a C cell of thread 40");
    b.click(clicked);
    let want: BTreeSet<usize> = (0..holders.len()).filter(|&c| holders[c].contains(&t)).collect();
    assert_eq!(want.len(), 10, "thread {}'s cells", t);
    assert!(want.iter().any(|&c| holders[c].first() == Some(&8)), "an A cell drawn as thread 8's");
    poll_eq(&format!("clicking a C cell of thread {}: the picked cells", t), &want, || picked(&b));
    assert_no_errors(&b);
}

/// Swizzle<B,M,S>, CuTe's definition: the B bits at M + max(0,S) xor-ed into the B bits at
/// M - min(0,S).
fn swizzle(x: i64, (bits, base, shift): (i64, i64, i64)) -> i64 {
    let yyy = ((1 << bits) - 1) << (base + shift.max(0));
    let moved = if shift >= 0 { (x & yyy) >> shift } else { (x & yyy) << -shift };
    x ^ moved
}

/// A bank picture: a swizzled layout Sw<B,M,S> o OFFSET o L; each cell (r, c) shows
/// `unswizzled OFFSET + L(c)`, `offset Sw(that)` and `bank (offset * bytes / 4) mod 32`.
#[test]
fn html_bank_picture() {
    let Some(b) = browser("html_bank_picture") else { return };
    let dir = TempDir::new("browser-html-banks");
    for (name, flags, expr, bytes) in [
        ("banks", &[][..], "composition(Sw<3,0,3>, (8,8):(8,1))", 4),
        ("banks-2-bytes", &["--elem-bytes", "2"][..], "composition(Sw<2,1,3>, (8,8):(8,1))", 2),
    ] {
        let page = html(flags, expr, dir.path(), name);
        b.goto(&file_url(&page));
        assert_self_contained(&b, &std::fs::read_to_string(&page).unwrap());
        let result = eval(expr);
        assert_eq!(text_of(&b, "#result"), result);
        // Sw<B,M,S> o OFFSET o LAYOUT
        let mut parts = result.split(" o ");
        let sw = parts.next().and_then(|s| s.strip_prefix("Sw<")?.strip_suffix('>')).expect("a swizzle");
        let sw: Vec<i64> = sw.split(',').map(|n| n.parse().unwrap()).collect();
        let start: i64 = parts.next().and_then(|o| o.parse().ok()).expect("an offset");
        let layout = Layout::parse(parts.next().expect("a layout"));
        let modes = layout.modes();
        let (rows, cols) = (modes[0].size(), modes[1].size());
        let cells = cells(&b);
        assert_eq!(cells.len() as i64, rows * cols);
        for (k, cell) in cells.iter().enumerate() {
            let (r, c) = (k as i64 / cols, k as i64 % cols);
            let info = hover_until(&b, cell, "coord", &format!("({},{})", r, c));
            let index = r + c * rows;
            let plain = start + layout.at(index);
            let offset = swizzle(plain, (sw[0], sw[1], sw[2]));
            assert_eq!(int_field(&info, "index"), index, "cell {} of {}: {:?}", k, result, info);
            assert_eq!(int_field(&info, "offset"), offset, "cell {} of {}: {:?}", k, result, info);
            assert_eq!(int_field(&info, "unswizzled"), plain, "cell {} of {}: {:?}", k, result, info);
            assert_eq!(int_field(&info, "bank"), offset * bytes / 4 % 32, "cell {} of {}: {:?}", k, result, info);
        }
        println!("screenshot: {}", b.screenshot(&shots(), &format!("html-{}", name)).display());
        assert_no_errors(&b);
    }
}

// ---- `cute serve` ----

/// `cute serve --port 0`, killed on drop; `url` is the address of its first line.
struct Server {
    _child: KillOnDrop,
    url: String,
}

impl Server {
    fn start() -> Server {
        let child = Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .expect("cute serve starts");
        let mut child = KillOnDrop(child);
        let stdout = child.0.stdout.take().expect("stdout is piped");
        let (send, receive) = mpsc::channel();
        // Read every line, so that the server never writes into a full or closed pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = send.send(line);
            }
        });
        let first = receive.recv_timeout(Duration::from_secs(10)).expect("cute serve prints a first line");
        let port = first
            .strip_prefix("listening on http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|port| port.parse::<u16>().ok())
            .filter(|&port| port != 0)
            .unwrap_or_else(|| panic!("the first line is not `listening on http://127.0.0.1:PORT/`: {:?}", first));
        Server { _child: child, url: format!("http://127.0.0.1:{}/", port) }
    }
}

/// `%XX` for every byte but the unreserved ones.
fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|c| match c {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (c as char).to_string(),
            _ => format!("%{:02X}", c),
        })
        .collect()
}

/// The value of the query parameter `name` in a URL, decoded as a form encodes it.
fn query_param(url: &str, name: &str) -> Option<String> {
    let query = url.split_once('?')?.1.split('#').next()?;
    let raw = query.split('&').find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))?;
    let bytes = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                out.push(u8::from_str_radix(&raw[i + 1..i + 3], 16).ok()?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// On the form page: type `expr` into #expr and submit it (Enter, or a click on #go), then wait
/// for the new page at `/?e=...`.
fn submit(b: &Browser, server: &Server, expr: &str, click_go: bool) {
    b.goto(&server.url);
    b.wait_for("#form");
    let input = b.wait_for("#form input#expr");
    assert_eq!(b.attribute(&input, "name").as_deref(), Some("e"), "#expr's name");
    b.clear(&input);
    if click_go {
        b.send_keys(&input, expr);
        b.click(&b.wait_for("#go"));
    } else {
        b.send_keys(&input, &format!("{}{}", expr, ENTER));
    }
    poll(&format!("the page of {:?} after submitting it", expr), DEADLINE, || {
        query_param(&b.current_url(), "e").is_some().then_some(())
    });
}

/// A picture page for a (rank-2, flat) `expr`: its result, picture and explanation.
fn check_result_page(b: &Browser, expr: &str) {
    let result = eval(expr);
    assert_eq!(text_of(b, "#result"), result, "the page of {}", expr);
    assert!(!text_of(b, "#explanation").trim().is_empty(), "the page of {} has an empty #explanation", expr);
    check_rank2_cells(b, &Layout::parse(&result));
    assert!(b.find("#form input#expr").is_some(), "the result page of {} keeps the form", expr);
}

#[test]
fn serve_pages() {
    let Some(b) = browser("serve_pages") else { return };
    let server = Server::start();

    // The form, typed into and submitted with Enter: the URL carries the expression.
    b.goto(&server.url);
    b.wait_for("#form");
    assert_no_errors_but_favicon(&b);
    let expr = "composition((4,6,8,10):(2,3,5,7), 6:12)";
    submit(&b, &server, expr, false);
    let shared = b.current_url();
    assert!(shared.starts_with(&server.url), "{} is on the server {}", shared, server.url);
    assert_eq!(query_param(&shared, "e").as_deref(), Some(expr), "the URL {} encodes the expression", shared);
    check_result_page(&b, expr);
    println!("screenshot: {}", b.screenshot(&shots(), "serve-result").display());
    assert_no_errors_but_favicon(&b);

    // The URL shared: a new navigation to it, and to one encoded here, shows the same.
    b.goto(&server.url);
    b.wait_for("#form");
    b.goto(&shared);
    check_result_page(&b, expr);
    b.goto(&format!("{}?e={}", server.url, url_encode(expr)));
    check_result_page(&b, expr);

    // The Go button.
    let expr = "complement(4:2, 24)";
    submit(&b, &server, expr, true);
    assert_eq!(query_param(&b.current_url(), "e").as_deref(), Some(expr));
    check_result_page(&b, expr);

    // Bad input: an error saying where, and still the form.
    let bad = "composition((4,6):(1,4), 6:";
    submit(&b, &server, bad, false);
    let error = text_of(&b, "#error");
    assert!(error.contains("at byte"), "#error for {:?} says where: {:?}", bad, error);
    assert!(b.find("#form input#expr").is_some(), "the error page keeps the form");
    println!("screenshot: {}", b.screenshot(&shots(), "serve-error").display());
    assert_no_script_errors(&b);

    // Too many cells to draw: a message instead of the picture.
    let big = "make_layout((1000,1000))";
    assert_eq!(eval(&format!("size({})", big)), "1000000");
    b.goto(&format!("{}?e={}", server.url, url_encode(big)));
    b.wait_for("#form");
    let message = ["#error", "#notice"].iter().find_map(|css| b.find(css)).map(|el| b.text(&el));
    assert!(message.is_some_and(|m| !m.trim().is_empty()), "no #error or #notice for {}", big);
    assert!(b.find("#picture").is_none(), "the page of {} still has a #picture", big);
    assert_no_script_errors(&b);
}

/// No error in the browser console but a missing /favicon.ico.
fn assert_no_errors_but_favicon(b: &Browser) {
    let errors: Vec<String> = b.severe_logs().into_iter().filter(|e| !e.contains("/favicon.ico")).collect();
    assert!(errors.is_empty(), "the browser console has errors: {:?}", errors);
}

/// No script error in the browser console (an error page may come with an error status).
fn assert_no_script_errors(b: &Browser) {
    let errors: Vec<String> = b.severe_logs().into_iter().filter(|e| !e.starts_with("network:")).collect();
    assert!(errors.is_empty(), "the browser console has script errors: {:?}", errors);
}
