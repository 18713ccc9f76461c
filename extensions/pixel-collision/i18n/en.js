'use strict';

// English strings of the pixel-collision extension. Keys are used as `i18n:pixel-collision.<key>`
// (package.json, component property names and tooltips, the inspector) or Editor.I18n.t('pixel-collision.<key>').
// zh.js has exactly the same keys (test/editor/i18n.test.ts).
module.exports = {
    description: 'Exact, pixel-perfect 2D collision: bit masks, an exact narrow phase, a broad phase and shape colliders. Its scripts are mounted read-only as db://pixel-collision.',
    menu: {
        root: 'Pixel Collision',
        bake: 'Bake Masks',
    },
    collider: {
        shape: {
            name: 'Shape',
            tooltip: 'PIXELS: the opaque texels of the Sprite on this node, exactly where they are drawn. BOX / CIRCLE / POLYGON: a cheap shape in node space.',
        },
        alphaThreshold: {
            name: 'Alpha Threshold',
            tooltip: 'A texel is solid if its alpha is greater than this (0-255; 0 = any visible texel).',
        },
        accuracy: {
            name: 'Accuracy',
            tooltip: 'Samples per world unit (pixel) along each axis, up to 64; 0 = the CollisionSystem default (1). Higher is finer and slower; a pair uses the larger of its two.',
        },
        mode: {
            name: 'Mode',
            tooltip: 'AUTO: the system picks (the GPU only for large rotated sprites, in CollisionSystem.gpu \'nextFrame\' mode). CPU: exact bit masks. GPU: the red/blue test on WebGL2, same answers. BOUNDS: the sprite\'s quad only, no per-pixel test.',
        },
        group: {
            name: 'Group',
            tooltip: 'Collision group: the groups and matrix of Project Settings > Physics (the same as Collider2D).',
        },
        size: {
            name: 'Size',
            tooltip: 'Box size in node units; 0 x 0 = the UITransform content size.',
        },
        offset: {
            name: 'Offset',
            tooltip: 'Shape offset in node units from the content box\'s centre (box, circle) or the node\'s origin (polygon).',
        },
        radius: {
            name: 'Radius',
            tooltip: 'Circle radius in node units; 0 = half the content box\'s smaller side.',
        },
        points: {
            name: 'Points',
            tooltip: 'Convex polygon points in node units (either winding); empty = the content box\'s corners.',
        },
        bakedMask: {
            name: 'Baked Mask',
            tooltip: 'Optional: one baked mask (.bin, BitMask.serialize() of the frame, upright), used instead of reading the texture. Not needed for masks made by Bake Masks.',
        },
        maskLibrary: {
            name: 'Mask Library',
            tooltip: 'Optional mask library (.json from PixelMasks.bakeLibrary). Not needed for the project\'s own sprites: Pixel Collision > Bake Masks (and every build) bakes them into a library that loads itself.',
        },
        ignoreSlots: {
            name: 'Ignore Slots',
            tooltip: 'Spine / DragonBones: slots (by name) that do not collide, with what they hold: a weapon, a shadow, an effect.',
        },
        onlySlots: {
            name: 'Only Slots',
            tooltip: 'Spine / DragonBones: when not empty, only these slots (by name) collide, with what they hold.',
        },
        additiveSlots: {
            name: 'Additive Slots',
            tooltip: 'Spine / DragonBones: whether slots drawn with additive blending (glows, flashes) collide. On by default: they are drawn.',
        },
        pixelTouch: {
            name: 'Pixel Touch',
            tooltip: 'Touch and mouse events on this node fire only over solid texels of the collider (opaque pixels of the sprite, or inside the box / circle / polygon), through the engine\'s own hit test. Rotated, flipped and atlas frames included. Needs the collider enabled.',
        },
    },
    bake: {
        start: '[Pixel Collision] Baking masks of {project}...',
        start_frames: '[Pixel Collision] Baking masks of {count} sprite frame(s)...',
        summary: '[Pixel Collision] Baked {masks} mask(s) of {frames} sprite frame(s) at threshold(s) {thresholds}: {read} texture(s) read, {skipped} unchanged. Library: {output}',
        unchanged: '[Pixel Collision] The mask library was already up to date.',
        error_line: '[Pixel Collision] {file}: {message}',
        failed: '[Pixel Collision] Baking failed: {message}',
        busy: 'A bake is already running; wait for it to finish.',
        no_frames: 'This sprite shows no sprite frame asset, so there is nothing to bake.',
        dialog_title: 'Pixel Collision',
        done: 'Baked {masks} mask(s) of {frames} sprite frame(s).',
        done_detail: 'Thresholds: {thresholds}. Textures read: {read}, unchanged: {skipped}.\nLibrary: {output}\nThe game loads it at startup; nothing to assign.',
        library_total: 'The library now holds {total} mask(s) in all.',
        library_total_line: '[Pixel Collision] The library now holds {total} mask(s) in all.',
        done_errors: 'Baked {masks} mask(s) of {frames} sprite frame(s); {count} file(s) could not be baked.',
        errors_detail: '{list}\n\nThe editor console lists every problem. Fix the files and bake again.',
        failed_dialog: 'Baking failed.',
        refresh_failed: '[Pixel Collision] The asset database did not refresh {url}: {message}. Refresh the folder in the Assets panel.',
    },
    inspector: {
        mask: 'Collision Mask',
        source_label: 'Source',
        size_label: 'Size',
        count_label: 'Solid Texels',
        size_value: '{width} x {height} texels',
        count_value: '{count} ({percent}%)',
        parts_label: 'Parts',
        parts_size_value: '{width} x {height} node units',
        picture_label: 'Mask',
        picture_tip: 'The solid texels, upright as the frame is displayed (one dot may stand for several texels of a large frame).',
        bake: 'Bake This Sprite',
        bake_tip: 'Bakes the masks of this sprite\'s frame into the project\'s mask library, so native and mini-game builds collide exactly without reading pixels.',
        baking: 'Baking...',
        unavailable: 'Open a scene with this node to see its mask.',
        multiple: 'Several nodes are selected; their masks are not shown.',
        source: {
            baked: 'Baked mask library',
            asset: 'Baked mask asset (Baked Mask property)',
            pixels: 'Texture pixels',
            readback: 'GPU readback of the texture',
            edited: 'Edited at run time',
            box: 'Box fallback',
            bounds: 'Sprite quad (BOUNDS mode)',
            shape: 'Collider shape (no mask)',
            empty: 'Nothing (collides with nothing)',
            unbuilt: 'Not built yet',
        },
        reason: {
            'no-sprite': 'There is no Sprite on this node: add one, or choose the BOX, CIRCLE or POLYGON shape.',
            'sprite-type': 'The Sprite is not SIMPLE (sliced, tiled or filled sprites are not pixel-exact): use a SIMPLE sprite or a BOX / POLYGON shape.',
            'unreadable': 'The texture\'s pixels cannot be read here (compressed or without a CPU copy): bake its masks.',
            'no-frame': 'The Sprite shows no sprite frame (or an empty one).',
            'bounds-mode': 'Mode is BOUNDS: the sprite collides as its quad, on purpose.',
        },
        hint: {
            pixels: 'Not baked: native, mini-game and compressed-texture builds cannot read these pixels. Bake it (or keep automatic baking on) to ship the exact mask.',
            readback: 'Not baked: the mask is read back from the GPU once. Bake it to skip that.',
        },
    },
    settings: {
        tab: 'Pixel Collision',
        intro: 'How Bake Masks, the automatic bake and every build bake this project\'s collision masks. Saved in settings/v2/packages/pixel-collision.json: commit it with the project.',
        default_used: 'The default is used until it is corrected.',
        thresholds: {
            label: 'Thresholds',
            tip: 'Alpha thresholds to bake besides those the scenes and prefabs use: whole numbers 0-255, separated by commas (e.g. 0, 64). Colliders whose threshold is set from code need theirs here.',
        },
        out: {
            label: 'Library Script',
            tip: 'Where the generated mask library goes: a .ts file inside assets/, relative to the project folder.',
        },
        onUnreadable: {
            label: 'Unreadable Images',
            tip: 'When some images cannot be read during a bake: keep their frames\' masks from the previous library and warn loudly, or stop the bake before it writes anything (a build then fails).',
            keep: 'Keep their previous masks and warn',
            fail: 'Stop the bake (a build fails)',
        },
        bakeAll: {
            label: 'Bake Every Sprite Frame',
            tip: 'Bake every sprite frame of the project, not only the frames the PixelColliders of scenes and prefabs can show (for frames assigned from code).',
        },
        include: {
            label: 'Always Bake',
            tip: 'Folders or globs inside assets/, relative to the project, one per line (e.g. assets/art/enemies/**): their frames are always baked (for frames assigned from code).',
        },
        error: {
            thresholds: 'Not saved: {value} is not a whole number from 0 to 255. Write the thresholds separated by commas, e.g. 0, 64.',
            out: 'Not saved: {value} is not a .ts file inside assets/. Write a path relative to the project, such as assets/pixel-collision-masks/pixel-masks.ts.',
            onUnreadable: 'Not saved: {value} is not one of the choices; pick "keep" or "fail".',
            bakeAll: 'Not saved: {value}; this setting is on or off (true or false).',
            include: 'Not saved: {value} is not a folder or glob inside assets/. Write paths relative to the project, such as assets/art/enemies/**, one per line.',
            unknown: 'Not saved: {value} is not a setting of Pixel Collision.',
            save: 'Not saved: the editor could not write the project settings ({message}).',
        },
    },
};
