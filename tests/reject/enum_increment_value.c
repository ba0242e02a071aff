/* expect-error-at: 6:15: ++ on an enum whose value is used */
enum level { LOW, MID, HIGH };
int next(enum level v)
{
    enum level w = v;
    int old = w++;
    return old + (int)w;
}
