/* expect-error-at: 1:61: undeclared */ static long first = not_declared_anywhere;
/* bom_columns.c - the file starts with a UTF-8 byte-order mark: the column of
 * an error on line 1 counts from the first character after it (as gcc's),
 * and the quoted line has no mark. */
int main(void) { return (int)first; }
