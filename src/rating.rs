//! Ratings, per server and game: Glicko-2 for games of two players, Weng-Lin (OpenSkill) for
//! games of more, both computed by the `skillratings` crate. A finished game's ratings change
//! in the same transaction that records its result (see `Store::commit`).

use skillratings::MultiTeamOutcome;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::rules::{GameKind, Outcome, Seat};

/// Fewer rated games than this and a rating is provisional: marked with `?` and listed after
/// established players on a leaderboard.
pub const PROVISIONAL_GAMES: i64 = 5;

/// The rating system of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Glicko-2: rating 1500 ± 350 at first, volatility 0.06.
    Glicko2,
    /// Weng-Lin with the Plackett-Luce model: 25 ± 8.33 at first; volatility is unused.
    WengLin,
}

impl System {
    /// Glicko-2 for games of exactly two seats, Weng-Lin for any game that may seat more (one
    /// scale per game, even for a two-player table of a four-player game).
    pub fn of(kind: GameKind) -> System {
        if kind.seats().1 == 2 {
            System::Glicko2
        } else {
            System::WengLin
        }
    }

    /// A newcomer's rating.
    pub fn initial(self) -> Rating {
        let (rating, deviation, volatility) = match self {
            System::Glicko2 => {
                let r = Glicko2Rating::new();
                (r.rating, r.deviation, r.volatility)
            }
            System::WengLin => {
                let r = WengLinRating::new();
                (r.rating, r.uncertainty, 0.0)
            }
        };
        Rating {
            rating,
            deviation,
            volatility,
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
        }
    }

    /// Shows a rating number the way this system is read: `1623` or `27.4`.
    pub fn show(self, value: f64) -> String {
        match self {
            System::Glicko2 => format!("{value:.0}"),
            System::WengLin => format!("{value:.1}"),
        }
    }
}

/// A player's standing in one game on one server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// Glicko-2's rating deviation, or Weng-Lin's uncertainty (sigma).
    pub deviation: f64,
    /// Glicko-2's volatility; 0 for Weng-Lin.
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl Rating {
    /// True while the player has too few rated games for the rating to mean much.
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }
}

/// Each seat's place in a finished game: 1 for the winner and 2 for everyone else, or 1 for
/// all in a draw.
pub fn places(outcome: Outcome, seats: usize) -> Vec<usize> {
    (0..seats)
        .map(|seat: Seat| match outcome {
            Outcome::Win { winner, .. } if winner != seat => 2,
            _ => 1,
        })
        .collect()
}

/// Rates one finished game: `players` holds each seat's rating before the game and its place
/// (1 is best; equal places are a tie). Returns the ratings after, in the same order, with
/// the game counted in each record. Fewer than two players change nothing.
pub fn rate(system: System, players: &[(Rating, usize)]) -> Vec<Rating> {
    if players.len() < 2 {
        return players.iter().map(|(r, _)| *r).collect();
    }
    let best = players.iter().map(|(_, p)| *p).min().unwrap_or(1);
    let all_tied = players.iter().all(|(_, p)| *p == best);
    let counted = |r: &Rating, place: usize| Rating {
        games: r.games + 1,
        wins: r.wins + i64::from(place == best && !all_tied),
        losses: r.losses + i64::from(place != best),
        draws: r.draws + i64::from(all_tied),
        ..*r
    };
    match system {
        System::Glicko2 if players.len() == 2 => {
            let [(a, pa), (b, pb)] = [players[0], players[1]];
            let outcome = match pa.cmp(&pb) {
                std::cmp::Ordering::Less => Outcomes::WIN,
                std::cmp::Ordering::Greater => Outcomes::LOSS,
                std::cmp::Ordering::Equal => Outcomes::DRAW,
            };
            let (na, nb) = glicko2(&glicko(&a), &glicko(&b), &outcome, &Glicko2Config::new());
            vec![
                Rating {
                    rating: na.rating,
                    deviation: na.deviation,
                    volatility: na.volatility,
                    ..counted(&a, pa)
                },
                Rating {
                    rating: nb.rating,
                    deviation: nb.deviation,
                    volatility: nb.volatility,
                    ..counted(&b, pb)
                },
            ]
        }
        // Glicko-2 rates pairs; a table of more seats in a two-seat game cannot happen, but
        // would be rated as Weng-Lin rather than not at all.
        System::Glicko2 | System::WengLin => {
            let teams: Vec<[WengLinRating; 1]> = players
                .iter()
                .map(|(r, _)| {
                    [WengLinRating {
                        rating: r.rating,
                        uncertainty: r.deviation,
                    }]
                })
                .collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(players)
                .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(*place)))
                .collect();
            let after = weng_lin_multi_team(&ranked, &WengLinConfig::new());
            players
                .iter()
                .zip(after)
                .map(|((r, place), team)| {
                    let new = team.first().copied().unwrap_or(WengLinRating {
                        rating: r.rating,
                        uncertainty: r.deviation,
                    });
                    Rating {
                        rating: new.rating,
                        deviation: new.uncertainty,
                        ..counted(r, *place)
                    }
                })
                .collect()
        }
    }
}

fn glicko(r: &Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::WinReason;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser_with_records_counted() {
        let new = System::Glicko2.initial();
        let after = rate(System::Glicko2, &[(new, 1), (new, 2)]);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert_eq!((after[0].wins, after[0].losses, after[0].games), (1, 0, 1));
        assert_eq!((after[1].wins, after[1].losses, after[1].draws), (0, 1, 0));
    }

    #[test]
    fn a_draw_between_equals_moves_no_rating_and_counts_a_draw() {
        let new = System::Glicko2.initial();
        let after = rate(System::Glicko2, &[(new, 1), (new, 1)]);
        assert!((after[0].rating - 1500.0).abs() < 1e-9);
        assert_eq!((after[0].draws, after[1].draws), (1, 1));
    }

    #[test]
    fn places_rank_the_winner_first_and_the_rest_together() {
        let win = Outcome::Win {
            winner: 2,
            reason: WinReason::AllHome,
        };
        assert_eq!(places(win, 4), vec![2, 2, 1, 2]);
    }

    #[test]
    fn four_players_rate_with_weng_lin() {
        let new = System::WengLin.initial();
        let after = rate(System::WengLin, &[(new, 2), (new, 1), (new, 2), (new, 2)]);
        assert!(after[1].rating > 25.0);
        assert!(after[0].rating < 25.0);
        assert_eq!(after[1].wins, 1);
        assert_eq!(after[3].losses, 1);
    }
}
