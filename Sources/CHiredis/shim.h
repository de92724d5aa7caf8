#ifndef SITEGEN_CHIREDIS_SHIM_H
#define SITEGEN_CHIREDIS_SHIM_H
#include <hiredis/hiredis.h>

/// Reply types are macros; these constants carry them into Swift.
static const int sitegen_redis_reply_string = REDIS_REPLY_STRING;
static const int sitegen_redis_reply_array = REDIS_REPLY_ARRAY;
static const int sitegen_redis_reply_integer = REDIS_REPLY_INTEGER;
static const int sitegen_redis_reply_nil = REDIS_REPLY_NIL;
static const int sitegen_redis_reply_status = REDIS_REPLY_STATUS;
static const int sitegen_redis_reply_error = REDIS_REPLY_ERROR;
#endif
