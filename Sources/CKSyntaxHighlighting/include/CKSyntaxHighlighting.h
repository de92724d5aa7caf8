#ifndef CKSYNTAXHIGHLIGHTING_H
#define CKSYNTAXHIGHLIGHTING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Highlights `length` bytes of UTF-8 `code` with the KSyntaxHighlighting definition named `definition`
/// (e.g. "Python") and returns it as HTML: `<span class="hl-kw">…</span>` around each token, one
/// class per KSyntaxHighlighting text style, plain text unwrapped, `&<>"` escaped. The result is
/// NUL-terminated, its length without the NUL in `*html_length`, and the caller frees it with `free`.
/// Returns NULL when no definition has that name. Safe to call from many threads at once: each thread
/// highlights with a repository of its own.
char *ksh_highlight_html(const char *definition, const char *code, size_t length, size_t *html_length);

#ifdef __cplusplus
}
#endif

#endif
