//! What a button or select menu stands for, written into its `custom_id`
//! (`tabula:<game>:<seq>:<command>`) when a reply is laid out and read back when it is clicked.

const PREFIX: &str = "tabula";

/// A button's meaning, read back from its `custom_id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ButtonId {
    pub(crate) game: i64,
    pub(crate) seq: i64,
    pub(crate) command: String,
}

/// Writes the `custom_id` of a button standing for `command` on game `game` at `seq`.
pub(crate) fn custom_id(game: i64, seq: i64, command: &str) -> String {
    format!("{PREFIX}:{game}:{seq}:{command}")
}

/// Reads a `custom_id` back; `None` when it is not one of the bot's.
pub(crate) fn parse(id: &str) -> Option<ButtonId> {
    let mut parts = id.splitn(4, ':');
    if parts.next()? != PREFIX {
        return None;
    }
    Some(ButtonId {
        game: parts.next()?.parse().ok()?,
        seq: parts.next()?.parse().ok()?,
        command: parts.next()?.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_stay_short() {
        for command in [
            "board",
            "resign",
            "resign confirm",
            "roll",
            "draw accept",
            "join",
        ] {
            let id = custom_id(i64::MAX, i64::MAX, command);
            assert!(id.len() <= 100, "{id}");
            assert_eq!(
                parse(&id),
                Some(ButtonId {
                    game: i64::MAX,
                    seq: i64::MAX,
                    command: command.to_string()
                })
            );
        }
        assert_eq!(parse("other:1:2:board"), None);
        assert_eq!(parse("tabula:x:2:board"), None);
        assert_eq!(parse("tabula:1:2"), None);
    }
}
