//! The player strip above the board (four cells: colour, name, status) and the status line.

use super::STRIP;
use crate::render::View;
use crate::render::kit::{Canvas, Disc, Face, Ink, Kit, PlayerLine, TagSize, Tone};
use crate::rules::parcheesi::{HOME, ParcheesiGame, Phase};
use crate::rules::{Outcome, Rules, Seat, Turn, WinReason};

/// The "to roll" pill in a corner.
const PILL: TagSize = TagSize {
    px: 15.0,
    height: 30.0,
    pad: 14.0,
};

/// Draws a green pill centred on (`x`, `y`), e.g. "to roll" in a corner.
pub fn pill(kit: &Kit, canvas: &mut Canvas, (x, y): (f32, f32), text: &str) {
    let w = kit.text_width(Face::Bold, PILL.px, text) + 2.0 * PILL.pad;
    kit.tag(canvas, (x + w / 2.0, y), PILL, text, Tone::Go);
}

/// Draws the strip: one cell per seat in two rows, Red and Blue above Yellow and Green.
pub fn draw(kit: &Kit, canvas: &mut Canvas, game: &ParcheesiGame, view: &View, strong: &[Ink; 4]) {
    let outcome = game.outcome();
    let lines: Vec<PlayerLine> = (0..4)
        .map(|seat| {
            if seat >= game.players() {
                return PlayerLine::empty_seat();
            }
            let resigned = game.has_resigned(seat);
            let tag = match (outcome, game.turn()) {
                (Some(Outcome::Win { winner, .. }), _) if winner == seat => {
                    Some(("winner", Tone::Go))
                }
                _ if resigned => Some(("resigned", Tone::Quiet)),
                (_, Turn::Move(s)) if s == seat => Some(("to move", Tone::Go)),
                (_, Turn::Roll(s)) if s == seat => Some(("to roll", Tone::Go)),
                _ => None,
            };
            let home = game
                .progress(seat)
                .map_or(0, |p| p.iter().filter(|&&v| v == HOME).count());
            PlayerLine {
                name: view.player(seat),
                side: ParcheesiGame::colour(seat),
                disc: if resigned {
                    Disc::Hollow
                } else {
                    Disc::Colour {
                        fill: strong[seat],
                        rim: None,
                    }
                },
                dimmed: resigned,
                note: if !resigned && home > 0 {
                    format!("{home} home")
                } else {
                    String::new()
                },
                dice: None,
                tags: tag.into_iter().collect(),
            }
        })
        .collect();
    kit.seat_grid(canvas, (0, STRIP / 2), 2, &lines);
}

/// Returns the default caption: whose turn it is and what they play, or how the game ended.
pub fn status(game: &ParcheesiGame, view: &View) -> String {
    let name_of = |seat: Seat| view.name_of(seat, ParcheesiGame::colour(seat));
    match game.phase() {
        Phase::Over { outcome } => match outcome {
            Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            } => format!("{} wins: everyone else resigned", name_of(*winner)),
            Outcome::Win { winner, .. } => {
                format!("{} wins with all four pawns HOME", name_of(*winner))
            }
            Outcome::Draw { .. } => "The game is drawn".to_string(),
        },
        Phase::Opening { .. } => {
            let seat = game.turn().seat().unwrap_or(0);
            format!("Opening roll: {} to roll for who starts", name_of(seat))
        }
        Phase::Roll { seat, .. } => format!("{} to roll", name_of(*seat)),
        Phase::Move { seat, roll, .. } => {
            let who = name_of(*seat);
            let mut owed = Vec::new();
            let rules = game.rules();
            for _ in 0..roll.capture {
                owed.push(format!("the {}-space capture bonus", rules.capture_bonus));
            }
            for _ in 0..roll.home {
                owed.push(format!("the {}-space home bonus", rules.home_bonus));
            }
            if !roll.bonus_phase && !roll.left.is_empty() {
                let values: Vec<String> = roll.left.iter().map(u8::to_string).collect();
                owed.insert(0, values.join(", "));
            }
            let [a, b] = roll.dice;
            if owed.is_empty() {
                format!("{who} rolled {a} and {b}")
            } else {
                format!("{who} rolled {a} and {b} · to play {}", owed.join(" and "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::parcheesi::{Ruleset, Setup};

    #[test]
    fn status_names_the_player_and_what_is_left_to_play() {
        let setup = Setup {
            ruleset: Ruleset::Parcheesi,
            pawns: vec![[10, 20, 0, 0], [0; 4]],
            to_roll: 0,
            doubles: 0,
        };
        let game = ParcheesiGame::from_setup(&setup).expect("valid");
        let view = View {
            players: vec!["alice".into(), "bob".into()],
            caption: None,
            perspective: None,
        };
        assert_eq!(status(&game, &view), "alice (Red) to roll");
        let rolled = game.roll(0, &[4, 3]).expect("rolls");
        assert_eq!(
            status(&rolled, &view),
            "alice (Red) rolled 4 and 3 · to play 4, 3"
        );
        assert_eq!(
            status(&rolled, &View::default()),
            "Red rolled 4 and 3 · to play 4, 3"
        );
    }
}
