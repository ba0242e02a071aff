/* expect-error-at: 5:31: array designators; 8:31: fields out of order; 9:23: address of a compound literal */
struct point { int x, y; };
enum color { RED, GREEN, BLUE };

static const char *names[] = {[BLUE] = "blue", [RED] = "red", [GREEN] = "green"};
int f(int n)
{
    struct point p = {.y = 3, .x = 2};
    struct point *q = &(struct point){4, 5};
    return p.x + q->y + n + (int)names[0][0];
}
