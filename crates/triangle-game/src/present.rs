//! How a position of The Triangle Game looks: the scene for the browser, the text diagram for the
//! terminal, the clicks that make each action and the action in words.

use trigonal_core::{Canvas, Clause, Fact, Game, Item, Present, Scene, Seat, Shape};

use crate::board::{Triangle, Vertex, BOARD};
use crate::layout::{Lattice, Pointing, Territory};
use crate::{Colour, Move, Phase, TriangleGame};

/// Scene units per half lattice step across, and per row down.
const SX: f32 = 30.0;
const SY: f32 = 51.961_52;

fn point(at: Lattice) -> [f32; 2] {
    [
        (2 * at.pos as i32 - at.row as i32) as f32 * SX,
        at.row as f32 * SY,
    ]
}

fn xy(v: Vertex) -> [f32; 2] {
    point(v.at())
}

fn centroid(t: Triangle) -> [f32; 2] {
    let c = t.corners().map(xy);
    [
        (c[0][0] + c[1][0] + c[2][0]) / 3.0,
        (c[0][1] + c[1][1] + c[2][1]) / 3.0,
    ]
}

/// The class word of a stone or dot of colour `c`: `p0`–`p2` for the players, `white`.
fn colour_class(c: Colour) -> String {
    match c.seat() {
        Some(s) => format!("p{}", s.0),
        None => "white".to_string(),
    }
}

/// The id of a pool item of the mover.
fn pool_id(c: Colour) -> String {
    format!("pool-{}", c.letter())
}

/// A pool as the facts and the diagram show it: `D0 G3 L3 W3`.
pub(crate) fn pool_text(g: &TriangleGame, seat: Seat) -> String {
    Colour::ALL
        .iter()
        .map(|&c| format!("{}{}", c.letter(), g.pool(seat, c)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The territory a smallest triangle lies in.
fn territory_of(t: Triangle) -> Territory {
    let b = &*BOARD;
    let corners = b.corners[t.0 as usize];
    Territory::ALL
        .into_iter()
        .find(|&k| b.territory[k as usize] & corners == corners)
        .expect("every smallest triangle lies in one territory")
}

/// Text layout: a half lattice step across is 3 columns, a row 2 lines.
const COL: i32 = 3;
const LINE: i32 = 2;
/// The column of lattice x = 0 (the board's middle) and the left margin for row numbers.
const MIDDLE: i32 = 8 * COL + 4;

/// Line and column of a lattice point's name (the name's last character).
fn text_pos(at: Lattice) -> (i32, i32) {
    (
        at.row as i32 * LINE,
        MIDDLE + (2 * at.pos as i32 - at.row as i32) * COL,
    )
}

/// The owner of a territory and its letter.
fn owner(t: Territory) -> Seat {
    let seat = BOARD
        .layout
        .homes
        .iter()
        .position(|&h| h == t)
        .expect("every territory is a home");
    Seat(seat as u8)
}

fn seat_words(seat: Seat) -> String {
    let c = Colour::of_seat(seat);
    format!("{seat} ({}, {})", c.name(), c.letter())
}

/// Whose turn it is and what they may do, or the result.
fn turn_text(g: &TriangleGame) -> String {
    let seat = g.mover();
    match g.phase() {
        Phase::Place => format!(
            "{} to place a stone from the pool: colour letter and empty vertex, e.g. {}.\n",
            seat_words(seat),
            Colour::ALL
                .into_iter()
                .find(|&c| g.pool(seat, c) > 0)
                .map_or('W', Colour::letter)
                .to_string()
                + "c5"
        ),
        Phase::Act => {
            let mut options = Vec::new();
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            if moves.iter().any(|m| matches!(m, Move::Slide(..))) {
                options.push(format!(
                    "slide a {} stone (e.g. {})",
                    g.slide_colour().name(),
                    moves
                        .iter()
                        .find(|m| matches!(m, Move::Slide(..)))
                        .expect("a slide")
                ));
            }
            let colours = g.pickup_colours();
            if !colours.is_empty() {
                let names: Vec<&str> = colours.iter().map(|c| c.name()).collect();
                options.push(format!(
                    "pick up a {} stone instead of an extra slide (x<vertex>)",
                    names.join(" or ")
                ));
            }
            options.push("end".to_string());
            let pending: Vec<String> = g.pending().map(|t| t.to_string()).collect();
            let mut text = format!(
                "{} to act: {} slide(s) left{}.\n",
                seat_words(seat),
                g.slides_left(),
                if pending.is_empty() {
                    String::new()
                } else {
                    format!("; new Power Triangle(s) around dots: {}", pending.join(" "))
                }
            );
            text.push_str(&format!("Possible: {}.\n", options.join("; ")));
            text
        }
        Phase::Over => {
            let scores = g.scores_now();
            let why = if scores.iter().any(|&s| s >= crate::WINNING_SCORE) {
                "a player has 2 or more points".to_string()
            } else {
                format!("{seat} ended the turn with an empty pool")
            };
            let winners: Vec<String> = g
                .outcome()
                .expect("over")
                .winners
                .iter()
                .map(seat_words)
                .collect();
            let result = if winners.len() == 1 {
                format!("{} wins with the highest score.", winners[0])
            } else {
                format!(
                    "{} share the win, tied on the highest score.",
                    winners.join(" and ")
                )
            };
            format!(
                "Game over after {seat}'s turn: {why}. Scores D {}, G {}, L {}. {result}\n",
                scores[0], scores[1], scores[2]
            )
        }
    }
}

impl Present for TriangleGame {
    fn scene(&self) -> Scene {
        let g = self;
        let b = &*BOARD;
        let mut items = Vec::new();
        // The gasket: its smallest upward triangles, coloured by territory.
        for t in b.triangles() {
            if t.side() == 1 && t.pointing() == Pointing::Up {
                items.push(Item::decoration(
                    Shape::Polygon {
                        points: t.corners().map(xy).to_vec(),
                    },
                    {
                        let territory = territory_of(t);
                        format!(
                            "triangle territory {} p{}",
                            territory.name(),
                            owner(territory).0
                        )
                    },
                ));
            }
        }
        // Dots at the centres of their holes; several in one hole side by side.
        for dot in &b.layout.dots {
            let hole = Triangle(dot.hole);
            let [cx, cy] = centroid(hole);
            let same: Vec<_> = b
                .layout
                .dots
                .iter()
                .filter(|d| d.hole == dot.hole)
                .collect();
            let i = same
                .iter()
                .position(|d| d.colour == dot.colour)
                .expect("the dot itself") as f32;
            let dx = (i - (same.len() as f32 - 1.0) / 2.0) * 16.0;
            items.push(Item::decoration(
                Shape::Circle {
                    center: [cx + dx, cy],
                    radius: 6.0,
                },
                format!("dot {}", colour_class(dot.colour)),
            ));
        }
        // Power Triangles, outlined in their owner's colour.
        let pending: u64 = g.pending().fold(0, |m, t| m | t.bit());
        for seat in 0..3u8 {
            let power = g.power_triangles(Seat(seat));
            for t in b.triangles().filter(|t| power & t.bit() != 0) {
                let class = if pending & t.bit() != 0 {
                    format!("power-triangle p{seat} pending")
                } else {
                    format!("power-triangle p{seat}")
                };
                items.push(Item::decoration(
                    Shape::Polygon {
                        points: t.corners().map(xy).to_vec(),
                    },
                    class,
                ));
            }
        }
        for v in b.vertices() {
            let [x, y] = xy(v);
            let class = if b.joins & v.bit() != 0 {
                "vertex join"
            } else {
                "vertex"
            };
            items.push(Item::new(
                v.to_string(),
                Shape::Circle {
                    center: [x, y],
                    radius: 7.0,
                },
                class,
            ));
            items.push(Item::decoration(
                Shape::Text {
                    at: [x + 17.0, y - 12.0],
                    text: v.to_string(),
                    size: 10.0,
                },
                "coordinate",
            ));
        }
        // The turn being played or just ended: the vertices it emptied ringed, its stones marked.
        let last = g.last_turn();
        for v in b.vertices().filter(|v| last.left & v.bit() != 0) {
            items.push(Item::decoration(
                Shape::Circle {
                    center: xy(v),
                    radius: 13.0,
                },
                "last-left",
            ));
        }
        for v in b.vertices() {
            if let Some(c) = g.stone_at(v) {
                let arrived = if last.arrived & v.bit() != 0 {
                    " last"
                } else {
                    ""
                };
                items.push(
                    Item::new(
                        v.to_string(),
                        Shape::Circle {
                            center: xy(v),
                            radius: 15.0,
                        },
                        format!("stone {}{arrived}", colour_class(c)),
                    )
                    .with_label(c.letter().to_string()),
                );
            }
        }
        // The pools in a row below the board (so the board stays large on a narrow screen), a group
        // per seat; the mover's stones can be clicked, 38 units apart: 24 px or more on a phone, where
        // the board's 540 units get about 360 px.
        let mover = g.to_move();
        let y = 8.0 * SY + 60.0;
        for seat in 0..3u8 {
            let x0 = -270.0 + seat as f32 * 180.0;
            items.push(Item::decoration(
                Shape::Text {
                    at: [x0 + 18.0, y],
                    text: Seat(seat).to_string(),
                    size: 14.0,
                },
                format!("pool-seat p{seat}"),
            ));
            for (j, c) in Colour::ALL.into_iter().enumerate() {
                let n = g.pool(Seat(seat), c);
                let shape = Shape::Circle {
                    center: [x0 + 42.0 + j as f32 * 38.0, y],
                    radius: 13.0,
                };
                let class = format!(
                    "stone pool {}{}",
                    colour_class(c),
                    if n == 0 { " empty" } else { "" }
                );
                let item = if mover == Some(Seat(seat)) && n > 0 {
                    Item::new(pool_id(c), shape, class).named(c.letter().to_string())
                } else {
                    Item::decoration(shape, class)
                };
                items.push(item.with_label(n.to_string()));
            }
        }
        let mut facts = Vec::new();
        for seat in 0..3u8 {
            facts.push(Fact::new("pool", Some(seat), pool_text(g, Seat(seat))));
        }
        for seat in 0..3u8 {
            facts.push(Fact::new("score", Some(seat), g.score(Seat(seat))));
        }
        if let Some(why) = g.ended_by() {
            facts.push(Fact::new("ended", Some(g.mover().0), why));
        }
        if g.phase() == Phase::Act {
            facts.push(Fact::new("slides-left", Some(g.mover().0), g.slides_left()));
            let colours = g.pickup_colours();
            if !colours.is_empty() {
                let letters: Vec<String> = colours.iter().map(|c| c.letter().to_string()).collect();
                facts.push(Fact::new("pickup", Some(g.mover().0), letters.join(" ")));
            }
        }
        Scene {
            view_box: [-270.0, -40.0, 540.0, 8.0 * SY + 140.0],
            items,
            facts,
            pannable: false,
        }
    }

    fn diagram(&self) -> String {
        let g = self;
        let b = &*BOARD;
        let mut canvas = Canvas::new();
        // Lines of the gasket: the sides of its smallest upward triangles.
        for t in b.triangles() {
            if t.side() != 1 || t.pointing() != Pointing::Up {
                continue;
            }
            let [apex, left, right] = t.corners().map(|v| text_pos(v.at()));
            canvas.put(apex.0 + 1, apex.1 - 2, "/");
            canvas.put(apex.0 + 1, apex.1 + 2, "\\");
            canvas.put(
                left.0,
                left.1 + 1,
                &"-".repeat((right.1 - left.1 - 2) as usize),
            );
        }
        // Dots in the middle of their holes.
        for hole in b
            .layout
            .dots
            .iter()
            .map(|d| d.hole)
            .collect::<std::collections::BTreeSet<_>>()
        {
            let letters: Vec<String> = b
                .layout
                .dots
                .iter()
                .filter(|d| d.hole == hole)
                .map(|d| d.colour.letter().to_string())
                .collect();
            let [_, left, right] = Triangle(hole).corners().map(|v| text_pos(v.at()));
            let text = if letters.len() == 1 {
                format!("dot {}", letters[0])
            } else {
                format!("dots {}", letters.join(" "))
            };
            let col = (left.1 + right.1) / 2 - (text.len() as i32) / 2;
            let line = left.0 + 1 + (Triangle(hole).side() as i32 - 1) / 2 * LINE;
            canvas.put(line, col, &text);
        }
        for v in b.vertices() {
            let (line, col) = text_pos(v.at());
            let name = v.to_string();
            let stone = g.stone_at(v).map_or(' ', Colour::letter);
            canvas.put(line, col - name.len() as i32, &format!("{stone}{name}"));
        }
        for row in 0..=b.layout.side as i32 {
            canvas.put(row * LINE, 0, &format!("{}", row + 1));
        }
        // Territory names beside their parts.
        for t in Territory::ALL {
            let outline = Triangle(b.layout.territories[t as usize].outline);
            let [apex, left, right] = outline.corners().map(|v| text_pos(v.at()));
            let seat = owner(t);
            let label = format!(
                "{} territory: {}'s home",
                t.name(),
                Colour::of_seat(seat).letter()
            );
            match t {
                Territory::Top => canvas.put(apex.0 + 2, right.1 + 8, &label),
                Territory::BottomLeft => canvas.put(left.0 + 1, left.1 - 2, &label),
                Territory::BottomRight => {
                    canvas.put(right.0 + 2, right.1 + 1 - label.len() as i32, &label)
                }
            }
        }
        let mut out = canvas.text();
        out.push_str(
            "A letter before a vertex name is the stone on it (Dc5: Dark Blue on c5). The joins a5, \
             e5 and e9\nbelong to both territories they join.\n",
        );
        for seat in (0..3).map(Seat) {
            let power: Vec<String> = b
                .triangles()
                .filter(|t| g.power_triangles(seat) & t.bit() != 0)
                .map(|t| t.to_string())
                .collect();
            out.push_str(&format!(
                "{:<22} pool {}   score {:>2}   Power Triangles: {}\n",
                seat_words(seat),
                pool_text(g, seat),
                g.score(seat),
                if power.is_empty() {
                    "none".to_string()
                } else {
                    power.join(" ")
                }
            ));
        }
        let last = g.last_turn();
        if last.arrived | last.left != 0 {
            let named = |bits: u64| {
                let names: Vec<String> = b
                    .vertices()
                    .filter(|v| bits & v.bit() != 0)
                    .map(|v| {
                        format!(
                            "{}{v}",
                            g.stone_at(v)
                                .map_or(String::new(), |c| c.letter().to_string())
                        )
                    })
                    .collect();
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(" ")
                }
            };
            out.push_str(&format!(
                "Latest turn: stones arrived on {}; vertices emptied: {}.\n",
                named(last.arrived),
                named(last.left)
            ));
        }
        out.push_str(&turn_text(g));
        out
    }

    fn clicks(&self, mv: Move) -> Vec<String> {
        match mv {
            Move::Place(c, v) => vec![pool_id(c), v.to_string()],
            Move::Slide(u, v) => vec![u.to_string(), v.to_string()],
            Move::Pickup(v) => vec!["pickup".to_string(), v.to_string()],
            Move::End => vec!["end".to_string()],
        }
    }

    /// The step each click of `mv` makes (see `Present::click_steps`): a turn's placement (a pool
    /// stone, then its vertex), then its actions (a slide's stone then its end, a pickup's vertex).
    fn click_steps(&self, mv: Move) -> Vec<&'static str> {
        match mv {
            Move::Place(..) => vec!["pool", "place"],
            Move::Slide(..) => vec!["act", "slide"],
            Move::Pickup(_) => vec!["act", "pickup"],
            Move::End => vec!["act"],
        }
    }

    /// Each action with the colour of its stone, which decides what it does: `place.D`,
    /// `slide.W`, `pickup.G` (a clause per colour, as languages inflect the colour's name).
    fn words(&self, mv: Move) -> Vec<Clause> {
        let stone = |v: Vertex| {
            self.stone_at(v)
                .expect("a legal slide or pickup takes a stone")
                .letter()
        };
        vec![match mv {
            Move::Place(c, v) => {
                Clause::new(format!("triangle-game.place.{}", c.letter())).with("at", v.to_string())
            }
            Move::Slide(u, v) => Clause::new(format!("triangle-game.slide.{}", stone(u)))
                .with("from", u.to_string())
                .with("to", v.to_string()),
            Move::Pickup(v) => {
                Clause::new(format!("triangle-game.pickup.{}", stone(v))).with("at", v.to_string())
            }
            Move::End => Clause::new("triangle-game.end"),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(g: &TriangleGame, text: &str) -> serde_json::Value {
        serde_json::to_value(g.words(g.parse_legal(text).unwrap())).unwrap()
    }

    /// A turn played from the start: Dark Blue places a white stone, slides it (a player with
    /// none of their colour on the board slides white ones) and ends the turn.
    #[test]
    fn each_action_is_said_with_its_stones_colour() {
        let mut g = TriangleGame::start();
        assert_eq!(
            said(&g, "Wc5"),
            serde_json::json!([{"key": "triangle-game.place.W", "values": {"at": "c5"}}])
        );
        g.play(g.parse_legal("Wc5").unwrap());
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let slide = moves
            .iter()
            .find(|m| matches!(m, Move::Slide(..)))
            .expect("the placed white stone may slide")
            .to_string();
        let (from, to) = slide.split_once('-').unwrap();
        assert_eq!(from, "c5");
        assert_eq!(
            said(&g, &slide),
            serde_json::json!([{"key": "triangle-game.slide.W", "values": {"from": from, "to": to}}])
        );
        assert_eq!(
            said(&g, "end"),
            serde_json::json!([{"key": "triangle-game.end"}])
        );
    }
}
