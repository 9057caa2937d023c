// Exposes the system libpq (PostgreSQL's client library, Debian's libpq-dev) to Swift.
#include <libpq-fe.h>
