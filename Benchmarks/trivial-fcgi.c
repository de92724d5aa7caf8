/*
 * The floor of the auth_request architecture: a FastCGI responder that answers 204 when the request
 * carries a Cookie header and 401 when it does not, and checks nothing else.
 *
 *   gcc -O2 -o trivial-fcgi Benchmarks/trivial-fcgi.c -lfcgi -lpthread
 *   ./trivial-fcgi /path/to/socket [threads] [--close-at-once]
 *
 * By default it ends each request as libfcgi does: shut down its sending half, then wait for the web
 * server to hang up. With --close-at-once it closes as sitegen-auth does once the request has been read
 * to its end, without that wait.
 *
 * It accepts on one socket with a few threads, as sitegen-auth does (its default is 2 per core,
 * at least 4), so the two differ only in what they do per request. SIGTERM/SIGINT end it.
 */
#include <fcgiapp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int listen_socket;
static int close_at_once;

static void *serve(void *unused) {
    (void)unused;
    FCGX_Request request;
    FCGX_InitRequest(&request, listen_socket, 0);
    while (FCGX_Accept_r(&request) >= 0) {
        const char *cookie = FCGX_GetParam("HTTP_COOKIE", request.envp);
        const char *answer = (cookie != NULL && cookie[0] != '\0') ? "Status: 204\r\n\r\n" : "Status: 401\r\n\r\n";
        FCGX_PutS(answer, request.out);
        if (close_at_once) {
            char rest[4096];
            while (FCGX_GetStr(rest, sizeof rest, request.in) > 0) {
            }
            if (FCGX_HasSeenEOF(request.in)) FCGX_Detach(&request);
        }
        FCGX_Finish_r(&request);
    }
    return NULL;
}

static void stop(int signal_number) {
    (void)signal_number;
    _exit(0);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s SOCKET_PATH [THREADS] [--close-at-once]\n", argv[0]);
        return 2;
    }
    int threads = argc > 2 ? atoi(argv[2]) : 4;
    close_at_once = argc > 3 && strcmp(argv[3], "--close-at-once") == 0;
    if (threads < 1) threads = 1;
    if (FCGX_Init() != 0) {
        fprintf(stderr, "trivial-fcgi: cannot initialise libfcgi\n");
        return 1;
    }
    unlink(argv[1]);
    listen_socket = FCGX_OpenSocket(argv[1], 128);
    if (listen_socket < 0) {
        fprintf(stderr, "trivial-fcgi: cannot listen on %s\n", argv[1]);
        return 1;
    }
    chmod(argv[1], 0666);
    signal(SIGTERM, stop);
    signal(SIGINT, stop);
    pthread_t workers[64];
    if (threads > 64) threads = 64;
    for (int i = 0; i < threads; i++) pthread_create(&workers[i], NULL, serve, NULL);
    for (int i = 0; i < threads; i++) pthread_join(workers[i], NULL);
    return 0;
}
