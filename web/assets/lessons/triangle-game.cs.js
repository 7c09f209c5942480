// Lessons of The Triangle Game, in Czech: the words of each lesson of the game's kit
// (crates/triangle-game/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'placing',
      title: 'Deska a pokládání',
      steps: [
        {
          text: 'Deska má 42 vrcholů a tři území: horní je domovem Tmavě modrého, pravé dolní Zeleného, levé dolní Světle modrého. Každý tah začíná položením jednoho kamene ze zásoby na libovolný prázdný vrchol. Hrajete za Tmavě modrého: vaše zásoba obsahuje tři zelené, tři světle modré a tři bílé kameny, žádný vaší barvy.',
          goal: 'Položte zelený kámen na své domovské území, to horní.',
          hint: 'Vyberte ve své zásobě pod deskou zelenou a pak libovolný prázdný vrchol v řadách 1 až 5.',
        },
        {
          text: 'Spoje a5, e5 a e9, kde se stýkají dvě území, patří k oběma. Teď hrajete za Zeleného, který je na tahu po Tmavě modrém; vaše zásoba obsahuje tmavě modré, světle modré a bílé kameny.',
          goal: 'Položte bílý kámen na jeden ze tří spojů.',
          hint: 'Spoje jsou rohy, v nichž se dotýkají dvě barevná území.',
        },
        {
          text: 'Světle modrý, který hraje třetí, položil bílý kámen na c5. Po položení smíte posouvat kameny, nebo tah hned ukončit; pak pokládá další hráč.',
          goal: 'Ukončete tah.',
          hint: 'Použijte tlačítko „Ukončit tah“.',
        },
      ],
    },
    {
      id: 'sliding',
      title: 'Posouvání kamenů',
      steps: [
        {
          text: 'Po položení máte jeden posun. Kámen se posune z rohu trojúhelníku do jiného rohu téhož trojúhelníku po jeho straně, ať je jakkoli dlouhá. Na desce zatím nemáte žádný tmavě modrý kámen, a tak posouváte bílé. Kámen na a1 je rohem celé desky.',
          goal: 'Posuňte bílý kámen z a1 do spodní řady.',
          hint: 'Sledujte jednu z dlouhých vnějších stran desky až na konec.',
        },
        {
          text: 'Posun končí na prázdném vrcholu a nemůže přeskočit kámen, který leží na straně mezi nimi. Bílý kámen na a7 zahrazuje cestu z a5 dolů po levé straně.',
          goal: 'Dostaňte bílý kámen z a5 do spodní řady.',
          hint: 'a5 je také rohem velké díry uprostřed.',
        },
        {
          text: 'Jakmile je na desce kámen vaší barvy, posouváte jen kameny své barvy: bílé jsou pro hráče, kteří na desce žádný svůj nemají. Zelený položil tmavě modrý kámen na e5.',
          goal: 'Dostaňte kámen na i9.',
          hint: 'Bílý kámen na a9 se teď hýbat nesmí. Který trojúhelník má rohy e5 a i9?',
        },
      ],
    },
    {
      id: 'scoring',
      title: 'Body',
      steps: [
        {
          text: 'Každý váš kámen na vašem domovském území vám dává +1, každý na vrcholu, který patří jen k území jiného hráče, −1. Protože pokládáte barvy ostatních hráčů, můžete jejich kameny dát tam, kde je stojí body.',
          goal: 'Položte zelený kámen tak, aby Zelenému kleslo skóre na −1.',
          hint: 'Domovem Zeleného je pravé dolní území.',
        },
        {
          text: 'Kámen na spoji dvou území, z nichž ani jedno není domovem jeho majitele, se nepočítá, stejně jako bílé kameny a kameny v zásobách. Spoj vašeho domova k němu patří a počítá se vám +1. Teď hrajete za Zeleného.',
          goal: 'Položte tmavě modrý kámen mimo domov Tmavě modrého tam, kde ho nic nestojí.',
          hint: 'Domovem Tmavě modrého je horní území: hledejte spoj dvou ostatních.',
        },
        {
          text: 'Vlastní kameny můžete dovést domů. Zelený dal tmavě modrý kámen na g7, do svého domova, kde vás stojí bod. Kámen jste už položili; teď posouvejte.',
          goal: 'Zvyšte své skóre jedním posunem.',
          hint: 'Nejbližší vrchol vašeho domova je spoj, za f6.',
        },
      ],
    },
    {
      id: 'power-triangles',
      title: 'Trojúhelníky moci',
      steps: [
        {
          text: 'Trojúhelník je váš Trojúhelník moci, když v každém jeho rohu leží váš nebo bílý kámen, aspoň jeden z nich váš, a na jeho stranách mezi rohy neleží žádný kámen. Platí trojúhelníky všech velikostí, i díry. Každý Trojúhelník moci, který máte, když pokládáte, vám dá posun navíc.',
          goal: 'Položte kámen tak, abyste získali Trojúhelník moci.',
          hint: 'Váš kámen na a3 a bílý na c3 jsou dva rohy dvou trojúhelníků.',
        },
        {
          text: 'Kámen na straně trojúhelník kazí: zelený kámen na b3 leží na stranách obou trojúhelníků s rohy a3 a c3. Trojúhelník ze samých bílých kamenů nepatří nikomu.',
          goal: 'Položte kámen tak, abyste získali Trojúhelník moci.',
          hint: 'Podívejte se na trojúhelník s rohy a3 a a5.',
        },
      ],
    },
    {
      id: 'extra-slides',
      title: 'Posuny navíc',
      steps: [
        {
          text: 'Posun, který vytvoří Trojúhelník moci, vám hned dá další posun. Kámen jste položili a máte jeden posun; váš kámen na f7 je dva posuny od domova.',
          goal: 'Dostaňte svůj kámen v tomto tahu na domovské území.',
          hint: 'Bílé kameny na e8 a f8 jsou dva rohy malého trojúhelníku.',
        },
        {
          text: 'Po položení máte 1 posun a k tomu 1 za každý Trojúhelník moci, který vlastníte, i za starší: a1-a2-b2 vám v tomto tahu dal druhý posun.',
          goal: 'Dostaňte kámen z g9 na své domovské území.',
          hint: 'Žádný jednotlivý posun nevede z g9 na horní území, ale máte dva.',
        },
      ],
    },
    {
      id: 'pickup',
      title: 'Sbírání kamenů',
      steps: [
        {
          text: 'Barevné tečky jsou ve čtyřech dírách. Když vytvoříte Trojúhelník moci kolem tečky, smíte místo jeho posunu navíc sebrat bílý kámen nebo kámen barvy té tečky odkudkoli z desky do své zásoby. Zelený kámen na g9 přináší body Zelenému.',
          goal: 'Odstraňte zelený kámen z g9 z desky.',
          hint: 'Díra a3-c3-c5 má zelenou tečku.',
        },
        {
          text: 'Tečka dovoluje jen svou barvu, a bílou: velká středová díra má tečku každé barvy, díra každého území jednu. Světle modrý kámen na b8 přináší body Světle modrému.',
          goal: 'Seberte světle modrý kámen.',
          hint: 'Ve které díře je světle modrá tečka?',
        },
        {
          text: 'I posun, který vytvoří Trojúhelník moci kolem tečky, dovoluje sebrání, a to hned: příležitost zmizí dalším posunem nebo koncem tahu. Větší trojúhelník obklopuje tečky uvnitř, takže horní území obklopuje zelenou tečku. Kámen jste položili a máte jeden posun.',
          goal: 'Odstraňte zelený kámen z g9 z desky.',
          hint: 'S bílými kameny na a5 a e5 chybí hornímu území jen horní roh.',
        },
      ],
    },
    {
      id: 'once-a-turn',
      title: 'Jednou za tah',
      steps: [
        {
          text: 'Trojúhelník moci dá svůj posun navíc, nebo sebrání, nejvýš jednou za tah, i když se rozbije a znovu vytvoří. a7-a9-c9 vám dal posun, když jste pokládali; pak jste jeho kámen posunuli z a7 na a5 a zbývá jeden posun.',
          goal: 'Posuňte tak, abyste získali posun navíc.',
          hint: 'Na a7 by kámen znovu vytvořil a7-a9-c9, a to zbytečně. Bílé kameny na c3 a e5 čekají na třetí roh.',
        },
        {
          text: 'Odebráním kamene Trojúhelník moci nikdy nevznikne. Bílý kámen, který jste položili na c5, vytvořil a3-c3-c5 kolem zelené tečky, takže smíte sebrat zelený nebo bílý kámen. Zelený kámen na a4 leží na straně a3-a5-c5.',
          goal: 'Udělejte z a3-a5-c5 svůj Trojúhelník moci.',
          hint: 'Odeberte kámen, který mu překáží: teď posun navíc nedá, ale započítá se, až budete příště pokládat.',
        },
      ],
    },
    {
      id: 'the-end',
      title: 'Konec hry',
      steps: [
        {
          text: 'Po každém tahu hra končí, má-li některý hráč 2 body nebo víc; vyhrává nejvyšší skóre. Váš kámen na a5 vám dává 1 bod, ten na e9 nic.',
          goal: 'Vyhrajte hru v tomto tahu.',
          hint: 'Dostaňte kámen z e9 domů a pak ukončete tah.',
        },
        {
          text: 'Hra končí také tehdy, když hráč, který končí tah, má prázdnou zásobu, a vy jste položili svůj poslední kámen. Vy i Zelený máte 0 bodů: hráči se shodným nejvyšším skóre se o vítězství dělí.',
          goal: 'Vyhrajte hru sami.',
          hint: 'Stačí jeden bod. Váš kámen na e9 se zatím nepočítá.',
        },
        {
          text: 'Máte 1 bod: a5 a e5 dávají +2, kámen na g9, v domově Zeleného, −1. Tečka vaší barvy vám dovolí sebrat i vlastní kámen, a jeho odebrání může rozhodnout hru.',
          goal: 'Vyhrajte hru v tomto tahu.',
          hint: 'Středová díra a5-e5-e9 má tečku každé barvy; chybí jí jeden roh.',
        },
      ],
    },
  ],
};
