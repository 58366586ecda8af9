//! The dynamic engine's algebra allocates nothing on layouts held inline (up to
//! `INLINE_LEAVES` leaves): every operation here is run on such inputs under a global allocator
//! that counts the allocations of the running thread.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

use cute::dynamic::{self, IntTuple, Layout, Tiler};

/// The system allocator, counting each thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to `System` unchanged; the count is a thread-local `Cell`
// with a constant initializer, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc` is `System::alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: `ptr` came from `System::alloc` with `layout` (above).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: as for `dealloc`, and `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The allocations `f` makes on this thread, and its result.
fn allocations<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = ALLOCATIONS.with(Cell::get);
    let r = f();
    (ALLOCATIONS.with(Cell::get) - before, r)
}

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

fn tiler(text: &str) -> Tiler {
    text.parse().unwrap()
}

/// An operation's second operand, parsed before the count.
enum Operand {
    None,
    Layout(Layout),
    Cotarget(IntTuple),
    Tiler(Tiler),
}

/// Each operation on inputs that kernels use (the inputs of `benches/dynamic.rs` and a few
/// more), parsed first, none allocating; the result is checked to be `Ok` (an error message
/// allocates).
#[test]
fn the_algebra_allocates_nothing_on_inline_layouts() {
    use Operand::{Cotarget, Layout as L, None as Unary, Tiler as T};
    let cases: Vec<(&str, &str, Operand)> = vec![
        ("composition", "(6,2):(8,2)", L(layout("(4,3):(3,1)"))),
        ("composition", "(3,5,6,7):(210,1,35,5)", L(layout("((5,3),(2,3),7):((3,1),(15,30),90)"))),
        ("composition", "((4,8),(2,2)):((2,16),(1,8))", L(layout("(8,16):(16,1)"))),
        ("complement", "(2,2):(1,6)", Cotarget(IntTuple::Leaf(24))),
        ("complement", "(3,5,2,7):(1,6,90,360)", Cotarget(IntTuple::Leaf(7560))),
        ("complement", "8:2", Cotarget("(8,16)".parse().unwrap())),
        ("logical_divide", "(8,16):(20,1)", T(tiler("8:2"))),
        ("logical_divide", "(128,128):(1,128)", T(tiler("(32,4):(1,128)"))),
        ("logical_divide", "(8,16):(20,1)", T(tiler("<4:1,8:2>"))),
        ("logical_divide", "(128,128):(1,128)", T(tiler("<(4,8):(1,4),(8,4):(8,1)>"))),
        ("logical_divide", "(6,10,14,9):(1,6,60,840)", T(tiler("<3:2,5:1,7:2,3:3>"))),
        ("logical_divide", "(64,32):(32,1)", T(tiler("(8,4)"))),
        ("logical_product", "(2,2):(4,1)", T(tiler("6:1"))),
        ("logical_product", "(4,8):(8,1)", T(tiler("<2:1,3:1>"))),
        ("zipped_divide", "(128,128):(1,128)", T(tiler("<32:1,32:1>"))),
        ("tiled_divide", "(128,128):(1,128)", T(tiler("<32:1,32:1>"))),
        ("flat_divide", "(128,128):(1,128)", T(tiler("<32:1,32:1>"))),
        ("zipped_product", "(4,8):(8,1)", T(tiler("<2:1,3:1>"))),
        ("blocked_product", "(2,2):(1,2)", L(layout("(3,4):(1,3)"))),
        ("raked_product", "(2,2):(1,2)", L(layout("(3,4):(1,3)"))),
        ("composition_tiler", "(128,128):(1,128)", T(tiler("<32:1,32:1>"))),
        ("filter", "(4,2,3):(1,0,4)", Unary),
        ("complement_default", "(4,8):(1,8)", Unary),
        ("max_common_layout", "(4,8):(1,4)", L(layout("(4,8):(1,4)"))),
        ("right_inverse", "((4,8),(2,2)):((2,16),(1,8))", Unary),
        ("left_inverse", "(4,8):(1,5)", Unary),
        ("coalesce", "(2,(1,6)):(1,(6,2))", Unary),
    ];
    let mut allocating = Vec::new();
    for (op, a, b) in &cases {
        let a = layout(a);
        let (n, r) = allocations(|| match (*op, b) {
            ("composition", L(b)) => dynamic::composition(&a, b),
            ("complement", Cotarget(m)) => dynamic::complement(&a, m),
            ("logical_divide", T(t)) => dynamic::logical_divide(&a, t),
            ("logical_product", T(t)) => dynamic::logical_product(&a, t),
            ("zipped_divide", T(t)) => dynamic::zipped_divide(&a, t),
            ("tiled_divide", T(t)) => dynamic::tiled_divide(&a, t),
            ("flat_divide", T(t)) => dynamic::flat_divide(&a, t),
            ("zipped_product", T(t)) => dynamic::zipped_product(&a, t),
            ("blocked_product", L(b)) => dynamic::blocked_product(&a, b),
            ("raked_product", L(b)) => dynamic::raked_product(&a, b),
            ("composition_tiler", T(t)) => dynamic::composition_tiler(&a, t),
            ("filter", Unary) => dynamic::filter(&a),
            ("complement_default", Unary) => dynamic::complement_default(&a),
            ("max_common_layout", L(b)) => dynamic::max_common_layout(&a, b),
            ("right_inverse", Unary) => dynamic::right_inverse(&a),
            ("left_inverse", Unary) => dynamic::left_inverse(&a),
            ("coalesce", Unary) => dynamic::coalesce(&a),
            _ => unreachable!("{op}: no such case"),
        });
        assert!(r.is_ok(), "{op}({a}, ..): {:?}", r.err());
        if n != 0 {
            allocating.push(format!("{op}({a}, ..): {n}"));
        }
    }
    assert!(allocating.is_empty(), "allocations: {allocating:?}");
}

/// The counter sees an allocation (the test above cannot pass for want of counting).
#[test]
fn the_counter_counts() {
    let (n, v) = allocations(|| vec![1u8; 64]);
    assert_eq!((n, v.len()), (1, 64));
}

/// A small deterministic generator (64-bit LCG), for inputs drawn without a dependency.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    /// A layout of 1 to 3 top-level modes, each a leaf or a tuple of up to 3 leaves.
    fn layout(&mut self) -> String {
        let mode = |d: &mut Draw| {
            let leaf = |d: &mut Draw| (1 + d.below(8), d.below(65));
            match d.below(3) {
                0 => {
                    let (s, t) = leaf(d);
                    (s.to_string(), t.to_string())
                }
                _ => {
                    let leaves: Vec<_> = (0..1 + d.below(3)).map(|_| leaf(d)).collect();
                    let s: Vec<_> = leaves.iter().map(|l| l.0.to_string()).collect();
                    let t: Vec<_> = leaves.iter().map(|l| l.1.to_string()).collect();
                    (format!("({})", s.join(",")), format!("({})", t.join(",")))
                }
            }
        };
        let modes: Vec<_> = (0..1 + self.below(3)).map(|_| mode(self)).collect();
        if modes.len() == 1 {
            return format!("{}:{}", modes[0].0, modes[0].1);
        }
        let s: Vec<_> = modes.iter().map(|m| m.0.clone()).collect();
        let t: Vec<_> = modes.iter().map(|m| m.1.clone()).collect();
        format!("({}):({})", s.join(","), t.join(","))
    }
}

/// An operation on drawn operands, named for the report.
type Operation<'a> = Box<dyn Fn() -> dynamic::Result<Layout> + 'a>;

/// On drawn layouts of up to 9 leaves, every operation that succeeds with operands and result
/// held inline allocates nothing (a failed one allocates its message).
#[test]
fn drawn_operations_that_succeed_allocate_nothing() {
    let mut d = Draw(35);
    let (mut succeeded, mut allocating) = (0, Vec::new());
    for _ in 0..3000 {
        let (a, b) = (layout(&d.layout()), layout(&d.layout()));
        let tilers = [Tiler::Layout(b.clone()), Tiler::Int(1 + d.below(8) as i64), tiler("<2:1,_>")];
        let m = IntTuple::Leaf(1 + d.below(512) as i64);
        let (a, b, m) = (&a, &b, &m);
        let mut ops: Vec<(&str, Operation<'_>)> = vec![
            ("composition", Box::new(move || dynamic::composition(a, b))),
            ("complement", Box::new(move || dynamic::complement(a, m))),
            ("right_inverse", Box::new(move || dynamic::right_inverse(a))),
            ("left_inverse", Box::new(move || dynamic::left_inverse(a))),
            ("coalesce", Box::new(move || dynamic::coalesce(a))),
            ("blocked_product", Box::new(move || dynamic::blocked_product(a, b))),
        ];
        for t in &tilers {
            ops.push(("logical_divide", Box::new(move || dynamic::logical_divide(a, t))));
            ops.push(("zipped_divide", Box::new(move || dynamic::zipped_divide(a, t))));
            ops.push(("logical_product", Box::new(move || dynamic::logical_product(a, t))));
        }
        for (op, f) in &ops {
            let (n, r) = allocations(f);
            let Ok(r) = r else { continue };
            let inline = |l: &Layout| l.flat_modes().len() <= dynamic::INLINE_LEAVES && l.to_string().len() < 200;
            if !(inline(a) && inline(b) && inline(&r)) {
                continue;
            }
            succeeded += 1;
            if n != 0 {
                allocating.push(format!("{op}({a}, {b}) = {r}: {n}"));
            }
        }
    }
    assert!(succeeded > 10_000, "{succeeded}");
    assert!(
        allocating.is_empty(),
        "{} allocating, e.g. {:?}",
        allocating.len(),
        &allocating[..allocating.len().min(5)]
    );
}
