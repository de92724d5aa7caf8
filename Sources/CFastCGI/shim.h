#include <fcgiapp.h>
