'use strict';

module.exports = {
    description: '精确的像素级 2D 碰撞检测：位掩码、精确窄相、宽相与形状碰撞体。脚本以只读方式挂载为 db://pixel-collision。',
};
