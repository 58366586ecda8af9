//! The layout operations of the dynamic engine on layouts decoded from the input, with their
//! post-conditions asserted: `R(c) == A(B(c))` for `R = A o B`; `L(R(i)) == i` for the right
//! inverse; `R(L(i)) == i` for the left inverse of an injective L; the complement of an
//! injective A is ordered and meets A's image only at 0. An `Err` is fine (a violated
//! precondition); a panic or a wrong result is a crash.
#![no_main]

use std::collections::BTreeSet;

use cute::dynamic::{complement, composition, left_inverse, right_inverse, HTuple, IntTuple, Layout};
use libfuzzer_sys::fuzz_target;

/// Bytes read one at a time, 0 once used up.
struct Bytes<'a>(&'a [u8]);
impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let (b, rest) = self.0.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
        self.0 = rest;
        b
    }
}

/// A layout of 1 to 4 leaves (extents 1 to 4, strides -8 to 23), its first two leaves nested
/// when the input says so.
fn layout(b: &mut Bytes) -> Layout {
    let n = 1 + (b.next() % 4) as usize;
    let nest = n > 2 && b.next() % 2 == 0;
    let (mut s, mut d) = (Vec::new(), Vec::new());
    for _ in 0..n {
        s.push(HTuple::Leaf(1 + (b.next() % 4) as i64));
        d.push(HTuple::Leaf((b.next() % 32) as i64 - 8));
    }
    let tree = |mut v: Vec<IntTuple>| -> IntTuple {
        if v.len() == 1 {
            return v.pop().expect("one leaf");
        }
        if nest {
            let rest = v.split_off(2);
            let mut modes = vec![HTuple::Tuple(v)];
            modes.extend(rest);
            return HTuple::Tuple(modes);
        }
        HTuple::Tuple(v)
    };
    Layout::new(tree(s), tree(d)).expect("positive extents, congruent strides")
}

fn values(l: &Layout) -> Vec<i64> {
    (0..l.size().expect("small")).map(|i| l.call(i).expect("small")).collect()
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let a = layout(&mut b);
    let bl = layout(&mut b);
    let va = values(&a);

    if let Ok(r) = composition(&a, &bl) {
        assert_eq!(r.size(), bl.size(), "composition({}, {}) = {}: size", a, bl, r);
        for c in 0..bl.size().expect("small") {
            let through = a.call(bl.call(c).expect("small")).expect("small");
            assert_eq!(r.call(c), Ok(through), "composition({}, {}) = {} at {}", a, bl, r, c);
        }
    }

    if let Ok(r) = right_inverse(&a) {
        for i in 0..r.size().expect("small") {
            assert_eq!(a.call(r.call(i).expect("small")), Ok(i), "right_inverse({}) = {} at {}", a, r, i);
        }
    }

    let injective = va.iter().collect::<BTreeSet<_>>().len() == va.len();
    if !injective {
        return;
    }
    if let Ok(r) = left_inverse(&a) {
        for (i, x) in va.iter().enumerate() {
            assert_eq!(r.call(*x), Ok(i as i64), "left_inverse({}) = {} at {}", a, r, i);
        }
    }
    let m = 1 + (b.next() as i64) % 64 * 4;
    if let Ok(r) = complement(&a, &IntTuple::Leaf(m)) {
        let vr = values(&r);
        assert!(vr.windows(2).all(|w| w[0] < w[1]), "complement({}, {}) = {} is not ordered", a, m, r);
        let image: BTreeSet<i64> = va.iter().copied().collect();
        assert!(vr.iter().skip(1).all(|x| !image.contains(x)), "complement({}, {}) = {} meets A", a, m, r);
    }
});
