// Linux-only headers that `import Glibc` does not expose: epoll, eventfd, accept4 and malloc_trim.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <malloc.h>  // malloc_trim: give a dropped client's freed buffers back to the system

// Declared here rather than through _GNU_SOURCE, which would make accept4 take a transparent union.
extern int accept4(int, struct sockaddr *, socklen_t *, int);
#include <fcntl.h>
#include <unistd.h>
