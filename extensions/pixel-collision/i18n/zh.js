'use strict';

// pixel-collision 扩展的中文文本。键名与 en.js 完全相同（test/editor/i18n.test.ts 会检查）。
module.exports = {
    description: '精确的像素级 2D 碰撞检测：位掩码、精确窄相、宽相与形状碰撞体。脚本以只读方式挂载为 db://pixel-collision。',
    menu: {
        root: '像素碰撞',
        bake: '烘焙碰撞位掩码',
    },
    collider: {
        shape: {
            name: '形状',
            tooltip: 'PIXELS：本节点 Sprite 的不透明纹素，位置与渲染完全一致。BOX / CIRCLE / POLYGON：节点空间中的简单形状，开销更低。',
        },
        alphaThreshold: {
            name: '透明度阈值',
            tooltip: '纹素的 alpha 大于此值即视为实心（0-255；0 表示任何可见纹素）。',
        },
        accuracy: {
            name: '精度',
            tooltip: '每个世界单位（像素）在每个轴上的采样数，最大 64；0 表示使用 CollisionSystem 的默认值（1）。越高越精细，也越慢；一对碰撞体取两者中较大的值。',
        },
        mode: {
            name: '检测模式',
            tooltip: 'AUTO：由系统选择（仅在 CollisionSystem.gpu 为 \'nextFrame\' 模式时，对旋转的大尺寸精灵使用 GPU）。CPU：精确的位掩码。GPU：在 WebGL2 上进行红蓝测试，结果与 CPU 相同。BOUNDS：只用精灵的四边形，不做逐像素检测。',
        },
        group: {
            name: '分组',
            tooltip: '碰撞分组：使用 项目设置 > 物理 中的分组与碰撞矩阵（与 Collider2D 相同）。',
        },
        size: {
            name: '尺寸',
            tooltip: '矩形尺寸（节点单位）；0 x 0 表示使用 UITransform 的内容尺寸。',
        },
        offset: {
            name: '偏移',
            tooltip: '形状的偏移（节点单位）：矩形和圆形相对内容框中心，多边形相对节点原点。',
        },
        radius: {
            name: '半径',
            tooltip: '圆的半径（节点单位）；0 表示内容框较短边的一半。',
        },
        points: {
            name: '顶点',
            tooltip: '凸多边形的顶点（节点单位，顺时针或逆时针均可）；为空时使用内容框的四个角。',
        },
        bakedMask: {
            name: '烘焙位掩码',
            tooltip: '可选：单个烘焙位掩码（.bin，帧正向的 BitMask.serialize() 结果），用它代替读取纹理。使用“烘焙碰撞位掩码”生成的位掩码无需设置此项。',
        },
        maskLibrary: {
            name: '位掩码库',
            tooltip: '可选：位掩码库（由 PixelMasks.bakeLibrary 生成的 .json）。项目自己的精灵无需设置：像素碰撞 > 烘焙碰撞位掩码（以及每次构建）会把它们烘焙进一个自动加载的位掩码库。',
        },
        ignoreSlots: {
            name: '忽略插槽',
            tooltip: 'Spine / DragonBones：按名称列出不参与碰撞的插槽（连同其中的内容）：武器、影子、特效等。',
        },
        onlySlots: {
            name: '仅限插槽',
            tooltip: 'Spine / DragonBones：不为空时，只有这些插槽（按名称，连同其中的内容）参与碰撞。',
        },
        additiveSlots: {
            name: '叠加插槽',
            tooltip: 'Spine / DragonBones：以叠加混合绘制的插槽（光晕、闪光）是否参与碰撞。默认开启：它们会被绘制。',
        },
        pixelTouch: {
            name: '像素级触摸',
            tooltip: '开启后，本节点的触摸和鼠标事件只在碰撞体的实心纹素上触发（精灵的不透明像素，或矩形 / 圆形 / 多边形内部），经由引擎自身的点击测试。支持旋转、翻转和图集帧。需要碰撞体处于启用状态。',
        },
    },
    bake: {
        start: '[像素碰撞] 正在烘焙 {project} 的碰撞位掩码……',
        start_frames: '[像素碰撞] 正在烘焙 {count} 个精灵帧的碰撞位掩码……',
        summary: '[像素碰撞] 已烘焙 {frames} 个精灵帧的 {masks} 个位掩码（阈值 {thresholds}）：读取 {read} 张纹理，{skipped} 张未变化。位掩码库：{output}',
        unchanged: '[像素碰撞] 位掩码库已是最新，无需改动。',
        error_line: '[像素碰撞] {file}：{message}',
        failed: '[像素碰撞] 烘焙失败：{message}',
        busy: '已有烘焙任务正在进行，请等待其完成。',
        no_frames: '此精灵没有显示任何精灵帧资源，没有可烘焙的内容。',
        dialog_title: '像素碰撞',
        done: '已烘焙 {frames} 个精灵帧的 {masks} 个位掩码。',
        done_detail: '阈值：{thresholds}。读取纹理：{read}，未变化：{skipped}。\n位掩码库：{output}\n游戏启动时会自动加载，无需手动指定。',
        library_total: '位掩码库中现共有 {total} 个位掩码。',
        library_total_line: '[像素碰撞] 位掩码库中现共有 {total} 个位掩码。',
        done_errors: '已烘焙 {frames} 个精灵帧的 {masks} 个位掩码；有 {count} 个文件无法烘焙。',
        errors_detail: '{list}\n\n编辑器控制台中列出了所有问题。请修正这些文件后重新烘焙。',
        failed_dialog: '烘焙失败。',
        refresh_failed: '[像素碰撞] 资源数据库未能刷新 {url}：{message}。请在资源管理器中手动刷新该文件夹。',
    },
    inspector: {
        mask: '碰撞位掩码',
        source_label: '来源',
        size_label: '尺寸',
        count_label: '实心纹素',
        size_value: '{width} x {height} 纹素',
        count_value: '{count}（{percent}%）',
        parts_label: '部件数',
        parts_size_value: '{width} x {height}（节点单位）',
        picture_label: '位掩码',
        picture_tip: '实心纹素，方向与帧的显示方向一致（较大的帧中，一个点可能代表多个纹素）。',
        bake: '烘焙此精灵',
        bake_tip: '将此精灵所用帧的位掩码烘焙进项目的位掩码库，这样原生平台和小游戏构建无需读取像素也能精确碰撞。',
        baking: '正在烘焙……',
        unavailable: '请打开包含此节点的场景以查看其位掩码。',
        multiple: '选中了多个节点，不显示它们的位掩码。',
        source: {
            baked: '烘焙位掩码库',
            asset: '烘焙位掩码资源（烘焙位掩码属性）',
            pixels: '纹理像素',
            readback: '从 GPU 回读纹理',
            edited: '运行时已编辑',
            box: '退化为矩形',
            bounds: '精灵四边形（BOUNDS 模式）',
            shape: '碰撞体形状（无位掩码）',
            empty: '无（不与任何物体碰撞）',
            unbuilt: '尚未生成',
        },
        reason: {
            'no-sprite': '此节点上没有 Sprite：请添加一个，或选择 BOX、CIRCLE 或 POLYGON 形状。',
            'sprite-type': 'Sprite 的类型不是 SIMPLE（九宫格、平铺和填充精灵无法做到像素级精确）：请使用 SIMPLE 精灵，或选择 BOX / POLYGON 形状。',
            'unreadable': '此处无法读取纹理的像素（纹理已压缩或没有 CPU 副本）：请烘焙它的位掩码。',
            'no-frame': 'Sprite 没有显示精灵帧（或显示的是空帧）。',
            'bounds-mode': '检测模式为 BOUNDS：精灵按其四边形碰撞，这是有意的设置。',
        },
        hint: {
            pixels: '尚未烘焙：原生平台、小游戏和压缩纹理的构建无法读取这些像素。请烘焙（或保持自动烘焙开启），以便发布精确的位掩码。',
            readback: '尚未烘焙：位掩码是从 GPU 回读一次得到的。烘焙后即可省去这一步。',
        },
    },
    settings: {
        tab: '像素碰撞',
        intro: '“烘焙碰撞位掩码”、自动烘焙和每次构建如何烘焙本项目的碰撞位掩码。保存在 settings/v2/packages/pixel-collision.json 中：请随项目一起提交。',
        default_used: '修正之前使用默认值。',
        thresholds: {
            label: '阈值',
            tip: '除场景和预制体中用到的阈值之外，还要烘焙的 alpha 阈值：0-255 的整数，用逗号分隔（例如 0, 64）。在代码中设置阈值的碰撞体，需要把它们的阈值写在这里。',
        },
        out: {
            label: '位掩码库脚本',
            tip: '生成的位掩码库的位置：assets/ 中的一个 .ts 文件，路径相对于项目文件夹。',
        },
        onUnreadable: {
            label: '无法读取的图片',
            tip: '烘焙时有图片无法读取：保留这些精灵帧在之前位掩码库中的位掩码并醒目地警告，或者在写入任何内容之前停止烘焙（构建随之失败）。',
            keep: '保留之前的位掩码并警告',
            fail: '停止烘焙（构建失败）',
        },
        bakeAll: {
            label: '烘焙所有精灵帧',
            tip: '烘焙项目中的每一个精灵帧，而不只是场景和预制体中的 PixelCollider 可能显示的精灵帧（用于在代码中指定的精灵帧）。',
        },
        include: {
            label: '总是烘焙',
            tip: 'assets/ 中的文件夹或通配路径，相对于项目，每行一个（例如 assets/art/enemies/**）：其中的精灵帧总会被烘焙（用于在代码中指定的精灵帧）。',
        },
        error: {
            thresholds: '未保存：{value} 不是 0 到 255 的整数。请用逗号分隔各个阈值，例如 0, 64。',
            out: '未保存：{value} 不是 assets/ 中的 .ts 文件。请填写相对于项目的路径，例如 assets/pixel-collision-masks/pixel-masks.ts。',
            onUnreadable: '未保存：{value} 不是可选项之一；请选择 "keep" 或 "fail"。',
            bakeAll: '未保存：{value}；此设置只能开启或关闭（true 或 false）。',
            include: '未保存：{value} 不是 assets/ 中的文件夹或通配路径。请填写相对于项目的路径，例如 assets/art/enemies/**，每行一个。',
            unknown: '未保存：{value} 不是像素碰撞的设置项。',
            save: '未保存：编辑器无法写入项目设置（{message}）。',
        },
    },
};
