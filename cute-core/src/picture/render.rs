//! The three renderings of a [`Picture`]: the text table, SVG and TikZ.
//!
//! All three draw the same grid: the cell in row `i` and column `j` at `(j, i)` from the top
//! left, its colour from the palette, the labels along the top and left edges, the heavier
//! lines of nested modes, and the caption below.

use alloc::format;
use alloc::string::{String, ToString};
use core::fmt::Write;

use super::{Cell, Kind, Picture, Region};

/// Text as XML character data or an attribute value.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Text in LaTeX, set in the typewriter font.
fn tex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '_' | '&' | '%' | '#' | '$' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            _ => out.push(ch),
        }
    }
    out
}

/// Whether dark text is unreadable on `rgb` (its luminance below half).
fn dark((r, g, b): (u8, u8, u8)) -> bool {
    // In range: at most 1000 * 255.
    #[allow(clippy::arithmetic_side_effects)]
    let luma = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
    luma < 128_000
}

impl Picture {
    /// The large text of a cell in a drawing: the offset, `T t` of a thread-value cell, or
    /// `-` where no pair reaches.
    fn main_text(&self, cell: &Cell) -> String {
        match (cell.region, cell.thread) {
            (Region::Label(k), _) => k.to_string(),
            (Region::Blank, _) => String::new(),
            (_, Some(t)) if self.kind.is_thread_value() => format!("T{}", t),
            _ if self.kind.is_thread_value() => "-".to_string(),
            _ => cell.offset.map_or_else(|| "-".to_string(), |o| o.to_string()),
        }
    }

    /// The small text of a cell in a drawing: `V v` (thread-value, partition) or the offset
    /// before the swizzle (banks).
    fn small_text(&self, cell: &Cell) -> Option<String> {
        if !cell.region.is_tile() {
            return None;
        }
        match self.kind {
            Kind::ThreadValue | Kind::Partition | Kind::Mma | Kind::Copy => cell.value.map(|v| format!("V{}", v)),
            Kind::Banks => cell.unswizzled.map(|o| o.to_string()),
            Kind::Layout => None,
        }
    }

    /// Whether a cell is drawn with a red border for being reached more than once: a
    /// thread-value layout's cell, not an MMA operand's or a copy's (the atoms along N all hold
    /// A's elements, and a copy for A reads them as often; the caption counts them).
    fn multi(&self, cell: &Cell) -> bool {
        cell.reached > 1 && self.kind == Kind::ThreadValue
    }

    /// Whether a cell is drawn with a small second line.
    fn has_small(&self) -> bool {
        self.kind != Kind::Layout
    }

    /// The text table, CuTe's `print_layout` (any rank): the title, the folding, one cell per
    /// entry between `+---+` rules, the column numbers above and the row numbers on the left;
    /// a bank picture adds the table of banks, and every picture but a plain layout's ends
    /// with its caption.
    ///
    /// ```
    /// use cute::dynamic::make_layout_tv;
    /// let (tile, tv) = make_layout_tv(&"(2,1):(1,1)".parse().unwrap(), &"(1,2):(1,1)".parse().unwrap()).unwrap();
    /// let p = cute::picture::Picture::tv(&tile, &tv).unwrap();
    /// let lines = [
    ///     "(2,2):(1,2) over tile (2,2)",
    ///     "       0    1 ",
    ///     "    +----+----+",
    ///     " 0  |T0V0|T0V1|",
    ///     "    +----+----+",
    ///     " 1  |T1V0|T1V1|",
    ///     "    +----+----+",
    ///     "each cell: T thread, V value of the first (thread, value) reaching it, TV layout (2,2):(1,2)",
    ///     "0 cells no thread reaches (-), 0 cells reached more than once (red border), 0 pairs outside the tile",
    /// ];
    /// assert_eq!(p.table(), lines.join("\n") + "\n");
    /// ```
    pub fn table(&self) -> String {
        self.table_titled(&self.title)
    }

    /// [`table`](Self::table) under another title (the layout type's own notation).
    pub(super) fn table_titled(&self, title: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", title);
        if self.folded {
            let _ = writeln!(out, "{}", self.caption[0]);
        }
        let texts: alloc::vec::Vec<String> = self.cells.iter().map(|c| self.cell_text(c)).collect();
        self.grid_text(&mut out, &texts);
        if self.kind == Kind::Banks {
            out.push_str("banks:\n");
            let banks: alloc::vec::Vec<String> =
                self.cells.iter().map(|c| c.bank.map_or_else(String::new, |b| b.to_string())).collect();
            self.grid_text(&mut out, &banks);
        }
        if self.kind != Kind::Layout {
            for line in self.caption.iter().skip(usize::from(self.folded)) {
                let _ = writeln!(out, "{}", line);
            }
        }
        out
    }

    /// One grid of `texts` (row-major, one per cell) as CuTe prints it: every column as wide
    /// as the widest entry (of a plain layout: the digits of its cosize) plus two.
    // In range: the widths are lengths of short strings, and the row and column numbers are
    // below MAX_CELLS.
    #[allow(clippy::arithmetic_side_effects)]
    fn grid_text(&self, out: &mut String, texts: &[String]) {
        // A plain grid numbers its rows and columns as CuTe's print_layout does; an MMA or copy
        // picture's rows and columns are its tiles' m, n or coordinates, blank by the labels
        // and gaps.
        let composite = matches!(self.kind, Kind::Mma | Kind::Copy);
        let header = |labels: &[String], i: usize| if composite { labels[i].clone() } else { i.to_string() };
        let rows: alloc::vec::Vec<String> = (0..self.rows).map(|i| header(&self.row_labels, i)).collect();
        let cols: alloc::vec::Vec<String> = (0..self.cols).map(|j| header(&self.col_labels, j)).collect();
        let widest = texts.iter().chain(if composite { &cols[..] } else { &[] }).map(String::len).max().unwrap_or(1);
        let cosize_digits = if self.kind == Kind::Layout { self.key_count.to_string().len() } else { 0 };
        let width = widest.max(cosize_digits) + 2;
        // CuTe pads an offset with a space each side; `T0V1` fills its cell.
        let pad = if self.kind.is_thread_value() { 0 } else { 1 };
        let inner = width - 2 + 2 * pad;
        let left = rows.iter().map(String::len).max().unwrap_or(0).max(2) + 2;
        let rule = |out: &mut String| {
            out.push_str(&" ".repeat(left));
            for _ in 0..self.cols {
                out.push('+');
                out.push_str(&"-".repeat(inner));
            }
            out.push_str("+\n");
        };
        out.push_str(&" ".repeat(left));
        for j in &cols {
            let _ = write!(out, "{:>w$} ", j, w = inner);
        }
        out.push('\n');
        for (i, label) in rows.iter().enumerate() {
            rule(out);
            let _ = write!(out, "{:>w$}  ", label, w = left - 2);
            for j in 0..self.cols {
                let text = &texts[i * self.cols + j];
                let _ = write!(out, "|{}{:>w$}{}", " ".repeat(pad), text, " ".repeat(pad), w = width - 2);
            }
            out.push_str("|\n");
        }
        rule(out);
    }

    /// The picture as an SVG image (no toolchain needed): one `<rect class="cell" data-k="K">`
    /// per cell (K its number, row by row) with its text, the labels, the heavier lines and the
    /// caption. The root element has `id="picture"`.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2):(1,2)".parse().unwrap()).unwrap();
    /// let svg = p.svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"picture\""));
    /// assert_eq!(svg.matches("class=\"cell\"").count(), 4);
    /// assert!(svg.contains(">3</text>"));
    /// ```
    // In range: the geometry is in pixels of a grid of at most MAX_CELLS cells, each at most a
    // few hundred pixels wide (the widths are lengths of short labels).
    #[allow(clippy::arithmetic_side_effects)]
    pub fn svg(&self) -> String {
        let mains: alloc::vec::Vec<String> = self.cells.iter().map(|c| self.main_text(c)).collect();
        let widest = mains.iter().chain(self.col_labels.iter()).map(|t| t.chars().count()).max().unwrap_or(1);
        let (cw, ch) = ((widest * 8 + 12).max(32), if self.has_small() { 40 } else { 30 });
        let label_w = self.row_labels.iter().map(|t| t.chars().count()).max().unwrap_or(0) * 8 + 12;
        let (left, top) = (label_w + 8, 52);
        let (gw, gh) = (cw * self.cols, ch * self.rows);
        let width = (left + gw + 12).max(self.title.chars().count() * 9 + 20);
        // A character of the 13-pixel monospace font is under 8 pixels wide.
        let width = self.caption.iter().map(|c| c.chars().count() * 8 + 20).fold(width, usize::max);
        let height = top + gh + 16 + 18 * self.caption.len();
        let mut s = String::with_capacity(self.cells.len() * 160 + 2048);
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"picture\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"monospace\" font-size=\"13\">",
            w = width,
            h = height
        );
        s.push_str(
            "<style>.cell{stroke:#000;stroke-width:0.5}.multi,.marked{stroke:#d00000;stroke-width:3}\
             .m,.s,.c{text-anchor:middle}.m,.s{pointer-events:none}.r{text-anchor:end}.s{font-size:10px}.w{fill:#fff}\
             .rule{stroke:#000;stroke-width:3}.title{font-weight:bold}</style>\n",
        );
        let _ = writeln!(s, "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>", width, height);
        let _ = writeln!(s, "<text class=\"title\" x=\"8\" y=\"18\">{}</text>", xml(&self.title));
        for (j, label) in self.col_labels.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
            let _ = writeln!(
                s,
                "<text class=\"c\" x=\"{}\" y=\"{}\">{}</text>",
                left + j * cw + cw / 2,
                top - 8,
                xml(label)
            );
        }
        for (i, label) in self.row_labels.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
            let _ = writeln!(
                s,
                "<text class=\"r\" x=\"{}\" y=\"{}\">{}</text>",
                left - 8,
                top + i * ch + ch / 2 + 5,
                xml(label)
            );
        }
        for (k, (cell, main)) in self.cells.iter().zip(&mains).enumerate() {
            let (x, y) = (left + cell.col * cw, top + cell.row * ch);
            match cell.region {
                Region::Blank => continue,
                Region::Label(_) => {
                    let _ =
                        writeln!(s, "<text class=\"c\" x=\"{}\" y=\"{}\">{}</text>", x + cw / 2, y + ch / 2 + 5, main);
                    continue;
                }
                _ => {}
            }
            let (r, g, b) = self.colour(cell);
            let class = match (self.multi(cell), cell.marked) {
                (_, true) => "cell marked",
                (true, false) => "cell multi",
                (false, false) => "cell",
            };
            let _ = writeln!(
                s,
                "<rect class=\"{}\" data-k=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#{:02x}{:02x}{:02x}\"/>",
                class, k, x, y, cw, ch, r, g, b
            );
            let light = if dark((r, g, b)) { " w" } else { "" };
            let small = self.small_text(cell);
            let main_y = if small.is_some() { y + ch / 2 } else { y + ch / 2 + 5 };
            let _ = write!(s, "<text class=\"m{}\" x=\"{}\" y=\"{}\">{}</text>", light, x + cw / 2, main_y, xml(main));
            if let Some(small) = small {
                let _ = write!(
                    s,
                    "<text class=\"s{}\" x=\"{}\" y=\"{}\">{}</text>",
                    light,
                    x + cw / 2,
                    y + ch - 6,
                    xml(&small)
                );
            }
            s.push('\n');
        }
        for &i in &self.row_rules {
            let y = top + i * ch;
            let _ =
                writeln!(s, "<line class=\"rule\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", left, y, left + gw, y);
        }
        for &j in &self.col_rules {
            let x = left + j * cw;
            let _ = writeln!(s, "<line class=\"rule\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x, top, x, top + gh);
        }
        for &[row, col, rows, cols] in &self.frames {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"3\"/>",
                left + col * cw,
                top + row * ch,
                cols * cw,
                rows * ch
            );
        }
        for (n, line) in self.caption.iter().enumerate() {
            let _ = writeln!(s, "<text x=\"8\" y=\"{}\">{}</text>", top + gh + 24 + 18 * n, xml(line));
        }
        s.push_str("</svg>\n");
        s
    }

    /// The picture as a standalone TikZ document (`pdflatex` draws it): one
    /// `\filldraw[fill=kN]` per cell with its text, the labels, the heavier lines and the
    /// caption; the colours are defined once each.
    ///
    /// ```
    /// let p = cute::picture::Picture::layout(&"(2,2):(1,2)".parse().unwrap()).unwrap();
    /// let doc = p.latex();
    /// assert!(doc.contains("(0,1) rectangle +(1,1) node[pos=.5] {1};"));
    /// assert!(doc.trim_end().ends_with("\\end{document}"));
    /// ```
    // In range: the coordinates are row and column numbers below MAX_CELLS, and the widths
    // lengths of short labels.
    #[allow(clippy::arithmetic_side_effects)]
    pub fn latex(&self) -> String {
        let mains: alloc::vec::Vec<String> = self.cells.iter().map(|c| self.main_text(c)).collect();
        let widest = mains.iter().chain(self.col_labels.iter()).map(|t| t.chars().count()).max().unwrap_or(1);
        // Cell width in millimetres: about 2 mm per character at \footnotesize, 7 mm at least.
        let cell_mm = (widest * 2 + 3).max(7);
        let mut colours: alloc::vec::Vec<(u8, u8, u8)> = alloc::vec::Vec::new();
        let mut names = alloc::vec::Vec::with_capacity(self.cells.len());
        for cell in &self.cells {
            let rgb = self.colour(cell);
            let n = match colours.iter().position(|&c| c == rgb) {
                Some(n) => n,
                None => {
                    colours.push(rgb);
                    colours.len() - 1
                }
            };
            names.push(n);
        }
        let mut s = String::with_capacity(self.cells.len() * 90 + 2048);
        s.push_str("\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n");
        for (n, (r, g, b)) in colours.iter().enumerate() {
            let _ = writeln!(s, "\\definecolor{{k{}}}{{RGB}}{{{},{},{}}}", n, r, g, b);
        }
        let ch = if self.has_small() { 9 } else { 6 };
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}mm,y=-{}mm,every node/.style={{font=\\ttfamily\\footnotesize,inner sep=1pt}}]",
            cell_mm, ch
        );
        let _ =
            writeln!(s, "\\node[anchor=south west,font=\\ttfamily\\bfseries] at (0,-1.2) {{{}}};", tex(&self.title));
        for (j, label) in self.col_labels.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
            let _ = writeln!(s, "\\node at ({}.5,-0.5) {{{}}};", j, tex(label));
        }
        for (i, label) in self.row_labels.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
            let _ = writeln!(s, "\\node[anchor=east] at (-0.1,{}.5) {{{}}};", i, tex(label));
        }
        for ((cell, main), n) in self.cells.iter().zip(&mains).zip(&names) {
            match cell.region {
                Region::Blank => continue,
                Region::Label(_) => {
                    let _ = writeln!(s, "\\node at ({}.5,{}.5) {{{}}};", cell.col, cell.row, main);
                    continue;
                }
                _ => {}
            }
            let draw = if self.multi(cell) || cell.marked { "red,line width=1.5pt" } else { "black" };
            let text = match self.small_text(cell) {
                Some(small) => format!("\\shortstack{{{}\\\\\\tiny {}}}", tex(main), tex(&small)),
                None => tex(main),
            };
            let colour = if dark(colours[*n]) { ",text=white" } else { "" };
            let _ = writeln!(
                s,
                "\\filldraw[fill=k{},draw={}] ({},{}) rectangle +(1,1) node[pos=.5{}] {{{}}};",
                n, draw, cell.col, cell.row, colour, text
            );
        }
        for &i in &self.row_rules {
            let _ = writeln!(s, "\\draw[line width=1.5pt] (0,{}) -- ({},{});", i, self.cols, i);
        }
        for &j in &self.col_rules {
            let _ = writeln!(s, "\\draw[line width=1.5pt] ({},0) -- ({},{});", j, j, self.rows);
        }
        for &[row, col, rows, cols] in &self.frames {
            let _ =
                writeln!(s, "\\draw[line width=1.5pt] ({},{}) rectangle ({},{});", col, row, col + cols, row + rows);
        }
        for (n, line) in self.caption.iter().enumerate() {
            // In tenths of a row: 0.3 below the grid, then 0.6 a line.
            let y = self.rows * 10 + 3 + 6 * n;
            let _ = writeln!(
                s,
                "\\node[anchor=north west,font=\\rmfamily\\footnotesize] at (0,{}.{}) {{{}}};",
                y / 10,
                y % 10,
                tex(line)
            );
        }
        s.push_str("\\end{tikzpicture}\n\\end{document}\n");
        s
    }
}
