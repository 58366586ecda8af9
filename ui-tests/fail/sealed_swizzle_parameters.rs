// A static swizzle is made unchecked only by cute's functions, which check its verdict first: a
// swizzle of 64 bits (Sw<1,1,62>, refused by Swizzle::new) sign-extends its read field, so a
// swizzled tensor that trusted it read past its data. Neither the maker nor a composition whose
// operand is not cute's can build one.
use cute::swizzle::composition_solve::Unchecked;
use cute::swizzle::{Sw, Sw128B, SwizzleComposition};
use cute::typenum::{P1, P62};

struct Other;

impl SwizzleComposition<Other> for Sw128B {
    type Output = Sw<P1, P1, P62>;
    type Verdict = cute::error::verdict::Pass;
}

fn main() {
    let _: Sw<P1, P1, P62> = Unchecked::unchecked();
    let _ = Sw128B::new().compose(Other);
}
