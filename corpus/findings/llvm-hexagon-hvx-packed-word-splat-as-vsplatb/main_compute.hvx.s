main_compute_:
.Lfunc_begin3:
	{
		r8 = #116
		v0 = vxor(v0,v0)
		r2 = memub(r0+#0)
		allocframe(r29,#256):raw
	}
	{
		r29 = and(r29,#-128)
		v1 = v0
		r3 = memub(r0+#4)
		r4 = memub(r0+#3)
	}
	{
		r2 |= asl(r3,#8)
		r3 = memub(r0+#8)
		r5 = memub(r0+#7)
	}
	{
		r4 |= asl(r5,#8)
		r2 = combine(r3.l,r2.l)
		r6 = memub(r0+#11)
	}
	{
		r5:4 = vsxtbh(r2)
		r7 = combine(r6.l,r4.l)
	}
	{
		r7:6 = vsxtbh(r7)
	}
	{
		p0 = vcmph.gt(r5:4,r7:6)
	}
	{
		r3:2 = vmux(p0,r5:4,r7:6)
	}
	{
		r5:4 = vsxthw(r2)
		r13:12 = vsxthw(r3)
		r2 = memub(r0+#12)
	}
	{
		v1.w = vinsert(r4)
		r4 = memub(r0+#16)
		r6 = memub(r0+#20)
	}
	{
		r2 |= asl(r4,#8)
		r4 = memub(r0+#15)
	}
	{
		r2 = combine(r6.l,r2.l)
		v1 = valign(v1,v1,#4)
		r7 = memub(r0+#19)
	}
	{
		r4 |= asl(r7,#8)
		v1.w = vinsert(r5)
		r0 = memub(r0+#23)
	}
	{
		r7:6 = vsxtbh(r2)
		r0 = combine(r0.l,r4.l)
	}
	{
		r5:4 = vsxtbh(r0)
		v1 = valign(v1,v1,#4)
	}
	{
		p0 = vcmph.gt(r7:6,r5:4)
		v1.w = vinsert(r12)
	}
	{
		r7:6 = vmux(p0,r7:6,r5:4)
		r4 = #64
		r5 = add(r29,#0)
	}
	{
		r3:2 = vsxthw(r7)
		r7:6 = vsxthw(r6)
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r13)
		r15:14 = combine(r2,r7)
		r13 = r6
		v2 = vror(v0,r4)
	}
	{
		memd(r1+#136) = r15:14
		memd(r1+#128) = r13:12
	}
	{
		v1 = vror(v1,r8)
	}
	{
		v1 = vor(v1,v2)
		vmem(r5+#0) = v1.new
	}
	{
		r9 = memw(r5+#4)
		r0 = memw(r5+#4)
	}
	{
		r12 = memw(r5+#4)
		r13 = memw(r5+#4)
	}
	{
		r11 = memw(r5+#0)
		r15 = memw(r5+#0)
	}
	{
		r14 = extractu(r11,#8,#8)
		r28 = memw(r5+#0)
	}
	{
		r15 = insert(r14,#24,#8)
		r28 = extractu(r28,#8,#24)
		r10 = memw(r5+#0)
	}
	{
		r10 = extractu(r10,#8,#16)
	}
	{
		r10 |= asl(r28,#8)
	}
	{
		r14 = combine(r10.l,r15.l)
	}
	{
		v30.b = vsplat(r14)
	}
	{
		r6 = extractu(r9,#8,#8)
		v0.w = vinsert(r6)
		v1 = valign(v0,v30,r4)
	}
	{
		r0 = insert(r6,#24,#8)
		r4 = extractu(r12,#8,#24)
	}
	{
		r6 = extractu(r13,#8,#16)
		v0 = valign(v0,v0,#4)
	}
	{
		r6 |= asl(r4,#8)
		v0.w = vinsert(r7)
		v3 = valign(v1,v1,#4)
	}
	{
		r0 = combine(r6.l,r0.l)
	}
	{
		v3.w = vinsert(r0)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r2)
		r2 = memw(r5+#8)
		r4 = memw(r5+#8)
	}
	{
		r2 = extractu(r2,#8,#8)
		v31 = valign(v3,v3,#4)
	}
	{
		r4 = insert(r2,#24,#8)
		v0 = valign(v0,v0,#4)
		r6 = memw(r5+#8)
	}
	{
		r6 = extractu(r6,#8,#24)
		v0.w = vinsert(r3)
		r3 = add(r29,#128)
		r5 = memw(r5+#8)
	}
	{
		r5 = extractu(r5,#8,#16)
	}
	{
		r5 |= asl(r6,#8)
		v4 = vror(v0,r8)
	}
	{
		r2 = combine(r5.l,r4.l)
		v2 = vor(v4,v2)
		vmem(r3+#0) = v2.new
	}
	{
		v31.w = vinsert(r2)
		r7 = memw(r3+#0)
		r4 = memw(r3+#0)
	}
	{
		r7 = extractu(r7,#8,#8)
		r5 = memw(r3+#0)
	}
	{
		r4 = insert(r7,#24,#8)
		r5 = extractu(r5,#8,#24)
		v0 = valign(v31,v31,#4)
		r6 = memw(r3+#0)
	}
	{
		r6 = extractu(r6,#8,#16)
		r14 = memw(r3+#4)
		r9 = memw(r3+#4)
	}
	{
		r8 = extractu(r14,#8,#8)
		r6 |= asl(r5,#8)
		r5 = #8
		r15 = memw(r3+#4)
	}
	{
		r9 = insert(r8,#24,#8)
		r12 = extractu(r15,#8,#24)
		r4 = combine(r6.l,r4.l)
		r28 = memw(r3+#4)
	}
	{
		r13 = extractu(r28,#8,#16)
		v0.w = vinsert(r4)
		r10 = memw(r3+#8)
		r8 = memw(r3+#8)
	}
	{
		r14 = extractu(r10,#8,#8)
		r13 |= asl(r12,#8)
		r11 = memw(r3+#8)
	}
	{
		r8 = insert(r14,#24,#8)
		r3 = combine(r13.l,r9.l)
		v0 = valign(v0,v0,#4)
		r28 = memw(r3+#8)
	}
	{
		r10 = extractu(r11,#8,#24)
		r11 = extractu(r28,#8,#16)
	}
	{
		r11 |= asl(r10,#8)
		v1.w = vinsert(r3)
	}
	{
		v0.w = vinsert(r3)
		r7 = combine(r11.l,r8.l)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r7)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r7)
	}
	{
		v1 = vror(v1,r5)
	}
	{
		v1.w = vinsert(r0)
		v0 = vror(v0,r5)
	}
	{
		v0.w = vinsert(r0)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r2)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r2)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r4)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r4)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r3)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r3)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r7)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r7)
	}
	{
		v1 = vror(v1,r5)
	}
	{
		v1.w = vinsert(r0)
		v0 = vror(v0,r5)
	}
	{
		v0.w = vinsert(r0)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r2)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r2)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r4)
		v0 = valign(v0,v0,#4)
	}
	{
		v0.w = vinsert(r4)
		r4 = #68
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r3)
		v0 = vror(v0,r4)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v1.w = vinsert(r7)
	}
	{
		v1 = vror(v1,r5)
	}
	{
		v1.w = vinsert(r0)
	}
	{
		v1 = valign(v1,v1,#4)
	}
	{
		v0 = vor(v0,v1)
	}
	{
		vmemu(r1+#0) = v0
	}
	{
		r31:30 = dealloc_return(r30):raw
	}
.Lfunc_end3:
