import sharp from 'sharp';
const solid=(w,h,c)=>sharp({create:{width:w,height:h,channels:3,background:c}});
// plain: red left, blue right
const plain = await solid(64,48,'#0000ff').composite([{input: await solid(32,48,'#ff0000').png().toBuffer(), left:0, top:0}]).png().toBuffer();
await sharp(plain).toFile('plain.png');
await sharp(plain).jpeg({quality:95}).withMetadata({orientation:6}).toFile('rot6.jpg');
// P3: sRGB (200,30,30) as P3 numbers
await solid(64,48,{r:200,g:30,b:30}).withIccProfile('p3').png().toFile('p3.png');
const m = await sharp('p3.png').metadata(); console.log('p3 icc', m.icc?.length);
const raw = await sharp('p3.png',{ignoreIcc:true}).raw().toBuffer(); console.log('p3 numbers', [...raw.subarray(0,3)]);
await sharp(raw,{raw:{width:64,height:48,channels:3}}).png().toFile('p3-untagged.png');
