#include <gvc.h>

// Exported by libcgraph but declared only in its private headers: empties the reader's buffer, so what one
// `agmemread` left unread is not read as the start of the next.
extern void aglexbad(void);
