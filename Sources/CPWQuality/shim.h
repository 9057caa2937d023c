// Exposes libpwquality (password quality: cracklib dictionary, user-name and simplicity checks) to Swift.
#include <pwquality.h>
