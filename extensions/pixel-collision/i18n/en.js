'use strict';

module.exports = {
    description: 'Exact, pixel-perfect 2D collision: bit masks, an exact narrow phase, a broad phase and shape colliders. Its scripts are mounted read-only as db://pixel-collision.',
};
