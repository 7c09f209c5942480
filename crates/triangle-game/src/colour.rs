//! Stone colours: one per player, and white, which belongs to nobody; with their letters.

use std::fmt;

use trigonal_core::Seat;

/// A stone's colour: one per player, and white, which belongs to nobody.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Dark Blue, `D`: P1, home top.
    DarkBlue = 0,
    /// Green, `G`: P2, home bottom-right.
    Green = 1,
    /// Light Blue, `L`: P3, home bottom-left.
    LightBlue = 2,
    /// White, `W`: nobody's.
    White = 3,
}

impl Colour {
    /// Every colour, in the order pools list them.
    pub const ALL: [Colour; 4] = [
        Colour::DarkBlue,
        Colour::Green,
        Colour::LightBlue,
        Colour::White,
    ];

    /// The players' colours, in turn order.
    pub const PLAYERS: [Colour; 3] = [Colour::DarkBlue, Colour::Green, Colour::LightBlue];

    /// The colour of the player in `seat`.
    pub fn of_seat(seat: Seat) -> Colour {
        Colour::PLAYERS[seat.index()]
    }

    /// The seat whose colour this is; `None` for white.
    pub fn seat(self) -> Option<Seat> {
        (self != Colour::White).then_some(Seat(self as u8))
    }

    /// The letter of the notation: `D`, `G`, `L` or `W`.
    pub fn letter(self) -> char {
        ['D', 'G', 'L', 'W'][self as usize]
    }

    /// The colour written `letter` (upper or lower case).
    pub fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_uppercase() {
            'D' => Some(Colour::DarkBlue),
            'G' => Some(Colour::Green),
            'L' => Some(Colour::LightBlue),
            'W' => Some(Colour::White),
            _ => None,
        }
    }

    /// The colour's name in words.
    pub fn name(self) -> &'static str {
        ["Dark Blue", "Green", "Light Blue", "white"][self as usize]
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}
