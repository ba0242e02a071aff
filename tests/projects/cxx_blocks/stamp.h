/* stamp.h - an unprototyped declaration, under the including file's guard. */
long stamp();
