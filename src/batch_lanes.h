/* batch_lanes.h — private, included by batch.c once per SIMD width: the BFS of BK_LANES boards
 * at once, board l in lane l of every register (one 64-bit lane per board row). The level
 * step is the small-board engine's (rowbits.c) written on GCC/clang vector types; BK_TARGET
 * compiles the function for the instruction set, BK_NONZERO(v) gives the mask of lanes of v
 * that are not zero. The includer defines BK_LANES, BK_TARGET, BK_NONZERO and BK_NAME. */

BK_TARGET static void BK_NAME(const bfs_job *j, size_t b0, int nl) {
    typedef uint64_t vec __attribute__((vector_size(8 * BK_LANES)));
    const int w = j->w, h = j->h;
    const size_t cells = j->cells;
    vec avail[DMAP_ROWBITS_ROWS], f[DMAP_ROWBITS_ROWS];
    vec dr[DMAP_ROWBITS_ROWS], dl[DMAP_ROWBITS_ROWS], ur[DMAP_ROWBITS_ROWS], ul[DMAP_ROWBITS_ROWS];
    const vec zero = {0};
    for (int r = 0; r <= h + 1; r++) avail[r] = f[r] = zero;
    for (int l = 0; l < nl; l++) {
        const unsigned char *wall = j->walls + (b0 + (size_t)l) * cells;
        for (int y = 0; y < h; y++) avail[y + 1][l] = dmap_row_free_bits(wall + (size_t)y * w, w);
    }
    if (j->moves == MOVES_8_STRICT) {
        dr[0] = dl[0] = ur[0] = ul[0] = dr[h + 1] = dl[h + 1] = ur[h + 1] = ul[h + 1] = zero;
        for (int r = 1; r <= h; r++) {
            dr[r] = (avail[r] >> 1) & avail[r + 1];
            dl[r] = (avail[r] << 1) & avail[r + 1];
            ur[r] = (avail[r] >> 1) & avail[r - 1];
            ul[r] = (avail[r] << 1) & avail[r - 1];
        }
    }
    fill_unreached(j, b0, (size_t)nl);
    for (int l = 0; l < nl; l++) {
        size_t b = b0 + (size_t)l, k0, k1;
        board_sources(j, b, &k0, &k1);
        for (size_t k = k0; k < k1; k++) {
            int s = j->sources[k], r = s / w + 1;
            uint64_t bit = (uint64_t)1 << (s % w);
            f[r][l] |= bit;
            avail[r][l] &= ~bit;
            store_depth(j, b * cells + (size_t)s, 0);
        }
    }
    for (int level = 1; j->max_depth < 0 || level <= j->max_depth; level++) {
        vec up = zero, cur = f[1], any = zero;
        switch (j->moves) {
        case MOVES_4:
            for (int r = 1; r <= h; r++) {
                vec down = f[r + 1];
                vec n = (up | down | cur << 1 | cur >> 1) & avail[r];
                f[r] = n;
                avail[r] &= ~n;
                any |= n;
                up = cur;
                cur = down;
            }
            break;
        case MOVES_8_CUT:
            for (int r = 1; r <= h; r++) {
                vec down = f[r + 1], v = up | down;
                vec n = (v | v << 1 | v >> 1 | cur << 1 | cur >> 1) & avail[r];
                f[r] = n;
                avail[r] &= ~n;
                any |= n;
                up = cur;
                cur = down;
            }
            break;
        default:
            for (int r = 1; r <= h; r++) {
                vec down = f[r + 1];
                vec n = (up | down | cur << 1 | cur >> 1 | (up & dr[r - 1]) << 1 |
                         (up & dl[r - 1]) >> 1 | (down & ur[r + 1]) << 1 |
                         (down & ul[r + 1]) >> 1) &
                        avail[r];
                f[r] = n;
                avail[r] &= ~n;
                any |= n;
                up = cur;
                cur = down;
            }
            break;
        }
        if (!BK_NONZERO(any)) break;
        for (int r = 1; r <= h; r++) {
            for (unsigned lanes = BK_NONZERO(f[r]); lanes; lanes &= lanes - 1) {
                int l = dmap_lowest_bit(lanes);
                size_t base = (b0 + (size_t)l) * cells + (size_t)(r - 1) * (size_t)w;
                store_level(j, base, f[r][l], level);
            }
        }
    }
}
