//! Arranges palette entries in an order that compresses well.
//!
//! The PNG filters (Paeth, Sub, Up) turn each pixel into its index minus a neighbour's index,
//! and the fast deflate of the `png` crate codes those differences with one fixed Huffman
//! table where small differences (mod 256) are short. So colours that often touch, like the
//! steps of an anti-aliased edge, should get nearby indices. This is a small linear
//! arrangement problem; pairwise-swap hill climbing from a lightness order solves it well
//! enough in a few milliseconds, deterministically.

use super::Rgb;

/// Bits fdeflate's fixed table spends on a filtered byte of value `d` (from fdeflate 0.3's
/// `HUFFMAN_LENGTHS`; anything further from zero costs 12).
fn code_bits(d: u8) -> u32 {
    const UP: [u8; 43] = [
        2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10,
        10, 10, 10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11,
    ];
    const DOWN: [u8; 31] = [
        3, 4, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10, 10,
        10, 10, 10, 11,
    ];
    let up = UP.get(usize::from(d));
    let down = DOWN.get(usize::from(255 - d));
    u32::from(*up.or(down).unwrap_or(&12))
}

/// Cost of two colours touching when they sit `d` slots apart, in either direction.
fn pair_cost(table: &[u32; 256], a: usize, b: usize) -> u64 {
    let d = a.wrapping_sub(b) as u8;
    u64::from(table[usize::from(d)] + table[usize::from(d.wrapping_neg())])
}

/// Returns the entries' old indices in their new order.
pub(super) fn arrange(colors: &[Rgb], samples: &[(&[u8], usize)]) -> Vec<usize> {
    let n = colors.len();
    // How often each pair of distinct entries touch, left-right or up-down.
    let mut touch = vec![0u64; n * n];
    for &(pixels, width) in samples {
        if width == 0 {
            continue;
        }
        for (i, &p) in pixels.iter().enumerate() {
            let p = usize::from(p);
            let left = (i % width > 0).then(|| pixels[i - 1]);
            let up = i.checked_sub(width).map(|j| pixels[j]);
            for q in [left, up].into_iter().flatten() {
                let q = usize::from(q);
                if p != q && p < n && q < n {
                    touch[p * n + q] += 1;
                    touch[q * n + p] += 1;
                }
            }
        }
    }
    let neighbours: Vec<Vec<(usize, u64)>> = (0..n)
        .map(|c| {
            (0..n)
                .filter_map(|o| (touch[c * n + o] > 0).then_some((o, touch[c * n + o])))
                .collect()
        })
        .collect();

    let table: [u32; 256] = std::array::from_fn(|d| code_bits(d as u8));
    // Start from lightness order, which already keeps most edges' steps together.
    let mut slot_of: Vec<usize> = (0..n).collect();
    let lightness = |c: Rgb| 299 * u32::from(c.0) + 587 * u32::from(c.1) + 114 * u32::from(c.2);
    let mut by_light: Vec<usize> = (0..n).collect();
    by_light.sort_by_key(|&i| (lightness(colors[i]), i));
    for (slot, &c) in by_light.iter().enumerate() {
        slot_of[c] = slot;
    }
    let mut at_slot = by_light;

    // Cost of colour `c` against its neighbours if it sat at `slot`, ignoring `skip`.
    let cost = |slot_of: &[usize], c: usize, slot: usize, skip: usize| -> u64 {
        neighbours[c]
            .iter()
            .filter(|&&(o, _)| o != skip)
            .map(|&(o, w)| w * pair_cost(&table, slot, slot_of[o]))
            .sum()
    };
    for _ in 0..8 {
        let mut improved = false;
        for i in 0..n {
            for j in (i + 1)..n {
                let (a, b) = (at_slot[i], at_slot[j]);
                if neighbours[a].is_empty() && neighbours[b].is_empty() {
                    continue;
                }
                // The a–b pair keeps its distance under a swap, so it is left out.
                let before = cost(&slot_of, a, i, b) + cost(&slot_of, b, j, a);
                let after = cost(&slot_of, a, j, b) + cost(&slot_of, b, i, a);
                if after < before {
                    at_slot.swap(i, j);
                    slot_of[a] = j;
                    slot_of[b] = i;
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    at_slot
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_bits_match_fdeflate_near_zero() {
        assert_eq!(code_bits(0), 2);
        assert_eq!(code_bits(1), 3);
        assert_eq!(code_bits(255), 3);
        assert_eq!(code_bits(128), 12);
    }

    #[test]
    fn touching_colours_end_up_next_to_each_other() {
        let colors: Vec<Rgb> = (0..8).map(|i| Rgb(i * 30, 0, 0)).collect();
        // Colours 0 and 7 touch all the time, nothing else does.
        let pixels = [0u8, 7, 0, 7, 0, 7, 0, 7];
        let order = arrange(&colors, &[(&pixels, 8)]);
        let slot = |c| order.iter().position(|&o| o == c).unwrap_or(0);
        let d = slot(0).abs_diff(slot(7));
        assert!(d == 1 || d == 7, "0 and 7 are {d} apart in {order:?}");
    }
}
