//! A text screen scrolled like a pager (htop, tig): the help (F1) and the
//! review of a game (`:review`). ↑ ↓ a line, PgUp PgDn Space a page, Home
//! End; any other key closes it.

use crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Rows of text on a screen `height` rows high (a title row and a key row
/// around them).
pub fn page_rows(height: u16) -> usize {
    usize::from(height.saturating_sub(2)).max(1)
}

/// Rows a page step moves on a screen `height` rows high.
pub fn page_step(height: u16) -> usize {
    page_rows(height).saturating_sub(1).max(1)
}

/// The furthest `lines` lines can be scrolled on a screen `height` rows high.
pub fn max_scroll(lines: usize, height: u16) -> usize {
    lines.saturating_sub(page_rows(height))
}

/// The scroll after `key` on a screen `height` rows high showing `lines`
/// lines scrolled down `scroll`; `None`: the key closes the pager.
pub fn scrolled(code: KeyCode, scroll: usize, lines: usize, height: u16) -> Option<usize> {
    let last = max_scroll(lines, height);
    let page = page_step(height);
    let scroll = scroll.min(last);
    match code {
        KeyCode::Up | KeyCode::Char('k') => Some(scroll.saturating_sub(1)),
        KeyCode::Down | KeyCode::Char('j') => Some((scroll + 1).min(last)),
        KeyCode::PageUp | KeyCode::Char('b') => Some(scroll.saturating_sub(page)),
        KeyCode::PageDown | KeyCode::Char(' ') => Some((scroll + page).min(last)),
        KeyCode::Home | KeyCode::Char('g') => Some(0),
        KeyCode::End | KeyCode::Char('G') => Some(last),
        _ => None,
    }
}

/// `lines` wrapped at word breaks to `width` characters, a line's
/// continuation indented as the line is, two more.
pub fn wrapped(lines: &[String], width: u16) -> Vec<String> {
    let width = usize::from(width).max(20);
    let mut out = Vec::new();
    for line in lines {
        let indent = line.len() - line.trim_start().len();
        let words = wrap(line, width.saturating_sub(indent).max(10));
        if words.is_empty() {
            out.push(String::new());
        }
        for (i, w) in words.into_iter().enumerate() {
            let pad = if i == 0 { indent } else { indent + 2 };
            out.push(format!("{:pad$}{w}", ""));
        }
    }
    out
}

/// Words of `text` in lines of at most `width` characters (a longer word
/// stands alone).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    pack(text.split_whitespace(), " ", width)
}

/// `items` joined by `sep` into lines of at most `width` characters,
/// breaking only between items (a longer item stands alone).
pub fn pack<'a>(items: impl IntoIterator<Item = &'a str>, sep: &str, width: usize) -> Vec<String> {
    let gap = sep.chars().count();
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        let len = line.chars().count();
        if len > 0 && len + gap + item.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(sep);
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws `all` (lines fitting the screen's width) scrolled down `scroll`
/// lines (clamped to the end), under `title` (`short` on screens narrower
/// than 60 columns), with `more` keys (if any) before the pager's own on
/// the key line.
pub fn draw(
    frame: &mut Frame,
    (title, short): (&str, &str),
    all: &[String],
    scroll: usize,
    more: Option<&str>,
) {
    let area = frame.area();
    let rows = page_rows(area.height);
    let top = scroll.min(all.len().saturating_sub(rows));
    let shown = &all[top..(top + rows).min(all.len())];
    let wide = area.width >= 60;
    let title = if all.len() > rows {
        let place = format!("lines {}-{} of {}", top + 1, top + shown.len(), all.len());
        if wide {
            format!(" {title}  ({place})")
        } else {
            format!(" {short}  {place}")
        }
    } else {
        format!(" {title}")
    };
    let own = match (all.len() > rows, wide) {
        (true, true) => "↑↓ PgUp PgDn scroll  q or Esc closes (any other key too)",
        (true, false) => "↑↓ PgUp PgDn scroll  q closes",
        (false, _) => "q, Esc or any key closes",
    };
    let footer = match more {
        Some(keys) => format!("{keys}  {own}"),
        None => own.to_string(),
    };
    let row = |y: u16, h: u16| {
        Rect::new(
            area.x,
            area.y + y,
            area.width,
            h.min(area.height.saturating_sub(y)),
        )
    };
    frame.render_widget(
        Paragraph::new(Line::styled(
            title,
            Style::default().add_modifier(Modifier::BOLD),
        )),
        row(0, 1),
    );
    frame.render_widget(Paragraph::new(shown.join("\n")), row(1, rows as u16));
    frame.render_widget(
        Paragraph::new(footer).style(Style::default().fg(Color::DarkGray)),
        row(area.height.saturating_sub(1), 1),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_word_breaks() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(
            wrap("averyveryverylongword x", 5),
            ["averyveryverylongword", "x"]
        );
        assert!(wrap("", 5).is_empty());
    }

    #[test]
    fn continuations_keep_the_lines_indent() {
        let lines = vec![
            "1 X 1,1: draw -> draw".to_string(),
            "  why it loses: O plays 0,0 then 2,2 and completes a line".to_string(),
            String::new(),
        ];
        let out = wrapped(&lines, 30);
        assert_eq!(out[0], "1 X 1,1: draw -> draw");
        assert!(out[1].starts_with("  why it loses:"), "{out:?}");
        assert!(out[2].starts_with("    "), "{out:?}");
        assert!(out.iter().all(|l| l.chars().count() <= 30), "{out:?}");
        assert_eq!(out.last().map(String::as_str), Some(""));
    }

    #[test]
    fn keys_scroll_within_the_lines_and_others_close() {
        // 30 lines on 12 rows: 10 shown, scrolled at most 20.
        assert_eq!(scrolled(KeyCode::End, 0, 30, 12), Some(20));
        assert_eq!(scrolled(KeyCode::Down, 20, 30, 12), Some(20));
        assert_eq!(scrolled(KeyCode::PageDown, 0, 30, 12), Some(9));
        assert_eq!(scrolled(KeyCode::Up, 0, 30, 12), Some(0));
        assert_eq!(scrolled(KeyCode::Char('q'), 5, 30, 12), None);
        assert_eq!(scrolled(KeyCode::Esc, 5, 30, 12), None);
    }
}
