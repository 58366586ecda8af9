//! The colours of a picture's cells: CuTe's greys, pastels, or a rainbow over the cells' keys.

use super::*;

/// The colours of the cells.
///
/// ```
/// use cute::picture::Palette;
/// assert_eq!(Palette::Greys.rgb(1, 8), (153, 153, 153));
/// assert_eq!(Palette::Pastels.rgb(8, 16), Palette::Pastels.rgb(0, 16));
/// assert_eq!("rainbow".parse::<Palette>().unwrap(), Palette::Rainbow);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Palette {
    /// CuTe's 8 greys, by key mod 8 (the default of a plain layout, keyed by offset).
    Greys,
    /// CuTe's 8 pastels, by key mod 8 (the default of a thread-value layout, keyed by thread).
    Pastels,
    /// A light rainbow, one hue per key of `count` (the default of a bank picture: 32 hues).
    Rainbow,
}

/// CuTe's greys: the percentage of black, by key mod 8 (neighbouring offsets far apart).
const GREYS: [u8; 8] = [0, 40, 20, 60, 10, 50, 30, 70];
/// CuTe's pastels, by key mod 8.
const PASTELS: [(u8, u8, u8); 8] = [
    (175, 175, 255),
    (175, 255, 175),
    (255, 255, 175),
    (255, 175, 175),
    (210, 210, 255),
    (210, 255, 210),
    (255, 255, 210),
    (255, 210, 210),
];

impl Palette {
    /// Every palette, with its name.
    ///
    /// ```
    /// assert_eq!(cute::picture::Palette::ALL.len(), 3);
    /// ```
    pub const ALL: [Palette; 3] = [Palette::Greys, Palette::Pastels, Palette::Rainbow];

    /// The palette's name: `greys`, `pastels` or `rainbow`.
    ///
    /// ```
    /// assert_eq!(cute::picture::Palette::Pastels.name(), "pastels");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Palette::Greys => "greys",
            Palette::Pastels => "pastels",
            Palette::Rainbow => "rainbow",
        }
    }

    /// The colour of `key` among `count` keys, as (red, green, blue).
    ///
    /// ```
    /// use cute::picture::Palette;
    /// assert_eq!(Palette::Greys.rgb(0, 8), (255, 255, 255));
    /// assert_eq!(Palette::Rainbow.rgb(0, 32), (255, 160, 160));
    /// ```
    pub fn rgb(self, key: u64, count: u64) -> (u8, u8, u8) {
        // In range: `key % 8` indexes an array of 8.
        #[allow(clippy::cast_possible_truncation)]
        let k8 = (key % 8) as usize;
        match self {
            Palette::Greys => {
                // In range: 255 * (100 - p) / 100 with p <= 70 is at most 255.
                #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
                let v = (255 * (100 - u32::from(GREYS[k8])) / 100) as u8;
                (v, v, v)
            }
            Palette::Pastels => PASTELS[k8],
            Palette::Rainbow => rainbow(key, count),
        }
    }
}

/// One of `count` light hues around the colour wheel, for `key mod count`.
// In range: the hue is below 360, `f` below 60 and `span` 95, so every channel stays within
// 160..=255.
#[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]
fn rainbow(key: u64, count: u64) -> (u8, u8, u8) {
    let count = count.max(1);
    let hue = u128::from(key % count) * 360 / u128::from(count);
    let (sector, f) = (hue / 60, (hue % 60) as u32);
    let (hi, lo, span) = (255u32, 160u32, 95u32);
    let up = (lo + span * f / 60) as u8;
    let down = (hi - span * f / 60) as u8;
    let (hi, lo) = (hi as u8, lo as u8);
    match sector {
        0 => (hi, up, lo),
        1 => (down, hi, lo),
        2 => (lo, hi, up),
        3 => (lo, down, hi),
        4 => (up, lo, hi),
        _ => (hi, lo, down),
    }
}

impl fmt::Display for Palette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Palette {
    type Err = Error;

    fn from_str(s: &str) -> Result<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == s).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!("unknown palette '{}': expected greys, pastels or rainbow", s),
            )
        })
    }
}
