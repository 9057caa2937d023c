// Exposes libcrypt (yescrypt via crypt_rn / crypt_gensalt_rn) to Swift.
#include <crypt.h>
