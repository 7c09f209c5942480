// Lessons of Four Triangles, in Czech: the words of each lesson of the game's kit
// (crates/four-triangles/src/lessons.rs), in the same order, a step for each step.
export default {
  lessons: [
    {
      id: 'opening',
      title: 'Deska a první figura',
      steps: [
        {
          text: 'Deska se skládá ze čtyř oddělených trojúhelníků: horní T, levý L, pravý R a uprostřed obrácený C. Každý má 7 bodů: rohy X1–X3, body uprostřed stran X4–X6 a střed X0. Hra začíná akcí, která je povolená jen tehdy: hráč 1 postaví jednoduchou figuru, tedy figuru z jednoho kamene, na libovolný bod.',
          goal: 'Postavte první jednoduchou figuru na střed.',
          hint: 'Středy končí nulou: T0, L0, R0 a C0.',
        },
        {
          text: 'Tři rohy velkého trojúhelníku — T1 nahoře, L2 vlevo dole a R3 vpravo dole — jsou velké rohy. V plné verzi je přechody spojují se vzdálenými částmi desky.',
          goal: 'Postavte první jednoduchou figuru na velký roh.',
          hint: 'Podívejte se na tři vnější špičky desky.',
        },
        {
          text: 'Kde se dva vnější trojúhelníky stýkají s C, leží tři rohy u sebe: konstelace. Levá: T2, L1, C3; pravá: T3, R1, C2; dolní: L3, R2, C1. Jsou to oddělené body, po linii nikdy nesousedí, ale v plné verzi je přechody spojují s ostatními konstelacemi.',
          goal: 'Postavte první jednoduchou figuru na bod konstelace.',
          hint: 'Podívejte se, kde se rohy C dotýkají vnějších trojúhelníků.',
        },
      ],
    },
    {
      id: 'bringing-in',
      title: 'Přivedení dvou jednoduchých figur',
      steps: [
        {
          text: 'Od druhého tahu je tah jedna akce podle vaší volby. Jednou z nich je přivést dvě nové jednoduché figury na dva prázdné body, které nejsou středy ani na C. Stojí to 2 kameny ze společné zásoby (11 kamenů pro 2 nebo 3 hráče, 15 pro 4) a 2 z vašich 9 značek: figura je sloupek kamenů pod značkou svého majitele.',
          goal: 'Přiveďte dvě jednoduché figury, aspoň jednu vedle jednoduché figury hráče 1 na T4.',
          hint: 'Na straně T2 T4 T3 má T4 dva sousedy; T0 je střed, kam nové figury nesmějí.',
        },
        {
          text: 'Držíte střed T0. Střed trojúhelníku spolu s jeho třemi body uprostřed stran vyhrává hru, proto se body uprostřed stran vyplatí obsadit. Dvě nové figury mohou stát i daleko od sebe.',
          goal: 'Přiveďte dvě jednoduché figury na body uprostřed stran trojúhelníku T.',
          hint: 'Body uprostřed stran T jsou T4, T5 a T6.',
        },
      ],
    },
    {
      id: 'singles',
      title: 'Tah jednoduchou figurou',
      steps: [
        {
          text: 'Další akcí je táhnout figurou. Jednoduchá figura táhne na sousední bod: nejbližší bod na jedné z linií svého trojúhelníku, tedy na třech stranách a třech těžnicích (každá vede z rohu přes střed k bodu uprostřed protější strany). Přechody plné verze přidávají další sousedy; na ty dojde později.',
          goal: 'Táhněte jednoduchou figurou z T4 na střed T0.',
          hint: 'T4, T0 a T1 leží na jedné těžnici.',
        },
        {
          text: 'Bod uprostřed strany má jen tři sousedy: dva rohy své strany a střed. Dva body uprostřed stran nikdy nesousedí, žádná linie je přímo nespojuje.',
          goal: 'Táhněte jednoduchou figurou z T5 na stranu T1 T6 T2.',
          hint: 'Které sousedy má T5? Jeden z nich je roh té strany.',
        },
      ],
    },
    {
      id: 'capturing',
      title: 'Zajímání',
      steps: [
        {
          text: 'Figura, která přistane na jiné figuře, ji zajme: značka zajaté figury se vrací majiteli a její kameny se přidají ke sloupku toho, kdo táhne. Jednoduchá figura, která zajme jednoduchou, se stane dvojitou.',
          goal: 'Zajměte svou jednoduchou figurou jednoduchou figuru hráče 2.',
          hint: 'T2 je soused T4 na straně T2 T4 T3.',
        },
        {
          text: 'Zajmout lze jakoukoli figuru, i vlastní: tak figury rostou. Dvojitá figura, která zajme jednoduchou, nebo jednoduchá, která zajme dvojitou, se stane trojitou: 3 kameny, víc figura mít nemůže.',
          goal: 'Vytvořte trojitou figuru.',
          hint: 'Vaše dvojitá figura na T2 a jednoduchá na T4 jsou sousedé.',
        },
        {
          text: 'Když zajetí dá víc než 3 kameny, 3 z nich se vrátí do společné zásoby. Dvojitá figura, která zajme dvojitou, má 4 kameny: zůstane jednoduchá a zásoba dostane 3 kameny zpět.',
          goal: 'Zajměte dvojitou figuru hráče 2.',
          hint: 'T6 leží vedle T2 na straně T2 T6 T1.',
        },
      ],
    },
    {
      id: 'doubles',
      title: 'Tah dvojitou figurou',
      steps: [
        {
          text: 'Dvojitá figura táhne na sousední bod, nebo libovolně daleko po přímce. Zastaví se na prázdném bodě podle své volby nebo na první figuře, na kterou narazí, a tu zajme; přes figuru nikdy nepřejde.',
          goal: 'Zajměte dvojitou figurou jednoduchou figuru hráče 2 na T1.',
          hint: 'T4, T0 a T1 leží na jedné těžnici a T0 je prázdný.',
        },
        {
          text: 'Teď tu těžnici blokuje jednoduchá figura hráče 2 na T0: vaše dvojitá figura na T4 ji může zajmout, ale nemůže přes ni přejít na T1. Vaše druhá dvojitá figura má volnou cestu.',
          goal: 'Zajměte jednoduchou figuru hráče 2 na T1.',
          hint: 'Podívejte se podél strany T2 T6 T1.',
        },
      ],
    },
    {
      id: 'triples',
      title: 'Tah trojitou figurou',
      steps: [
        {
          text: 'Trojitá figura táhne na sousední bod, nebo skáče ze středu na střed jiného trojúhelníku či na velký roh. Skok přeskočí cokoli po cestě a platí v obou verzích hry.',
          goal: 'Táhněte trojitou figurou na střed C.',
          hint: 'Vaše trojitá figura stojí na středu T0.',
        },
        {
          text: 'Skokem se zajímá jako každým jiným tahem. Trojitá figura, která zajme dvojitou, má 5 kamenů: 3 se vrátí do zásoby a zůstane dvojitá.',
          goal: 'Zajměte dvojitou figuru hráče 2 na velkém rohu R3.',
          hint: 'Z T0 je každý velký roh na jeden skok.',
        },
      ],
    },
    {
      id: 'warps',
      title: 'Přechody a jednoduchá verze',
      steps: [
        {
          text: 'Plná verze, výchozí, má přechody, které tvoří další sousedy. Bod konstelace sousedí se šesti body dvou dalších konstelací a s velkým rohem protilehlým jeho konstelaci. Deska body přechodů označuje kroužky.',
          goal: 'Táhněte jednoduchou figurou z T2 do trojúhelníku R.',
          hint: 'T2 patří do levé konstelace: podívejte se na pravou, na dolní a na protilehlý velký roh.',
        },
        {
          text: 'Velký roh sousedí se dvěma dalšími velkými rohy a se třemi body protilehlé konstelace: T1 je protilehlý dolní konstelaci, L2 pravé, R3 levé.',
          goal: 'Zajměte jednoduchou figuru hráče 2 na L2.',
          hint: 'T1 i L2 jsou velké rohy.',
        },
        {
          text: 'Přímka, která končí ve velkém rohu, pokračuje stejným směrem z rohu C protilehlé konstelace: T1–C1, L2–C2, R3–C3, na desce označené ⇄. Těžnice T4 T0 T1 tak pokračuje jako C1 C0 C4, jedna přímka pro dvojitou figuru.',
          goal: 'Táhněte dvojitou figurou z T4 na C0.',
          hint: 'Sledujte T4, T0, T1 a pak C1: všechny body po cestě jsou prázdné.',
        },
        {
          text: 'Jednoduchá verze nemá přechody žádného druhu, takže jednoduché a dvojité figury nikdy neopustí svůj trojúhelník. Z trojúhelníku do trojúhelníku vedou jen skoky trojité figury, které platí v obou verzích.',
          goal: 'Dostaňte některou svou figuru do trojúhelníku C.',
          hint: 'Vaše jednoduché figury na T1 a T2 z T nevyjdou; trojitá na T0 ano.',
        },
      ],
    },
    {
      id: 'splitting',
      title: 'Dělení',
      steps: [
        {
          text: 'Dvojitou figuru lze rozdělit na dvě jednoduché, trojitou na dvojitou a jednoduchou nebo na tři jednoduché. Nové figury jdou na prázdné body, kam by figura mohla táhnout, a její vlastní bod zůstane prázdný. Každá nová figura kromě první potřebuje jednu vaši značku.',
          goal: 'Rozdělte dvojitou figuru tak, aby vaše jednoduché figury stály na T5 i T6.',
          hint: 'T5 i T6 jsou sousedé T1.',
        },
        {
          text: 'Trojitou figuru lze rozdělit na dvojitou a jednoduchou. Její části mohou využít skoky trojité figury. V notaci se bod dvojité označí :2, například T0/C0:2,R0; na desce klikněte na bod dvojité dvakrát, jako první.',
          goal: 'Rozdělte trojitou figuru na dvojitou a jednoduchou na dva prázdné středy.',
          hint: 'L0 drží hráč 2; R0 a C0 jsou prázdné a jeden skok od T0.',
        },
        {
          text: 'Dělení trojité figury na tři jednoduché stojí dvě značky a postaví tři figury naráz. Tady vyhrává: střed a tři body uprostřed stran jednoho trojúhelníku.',
          goal: 'Vyhrajte rozdělením trojité figury.',
          hint: 'T4 už držíte; T0, T5 i T6 jsou sousedé T1.',
        },
      ],
    },
    {
      id: 'turning',
      title: 'Otočení trojúhelníku',
      steps: [
        {
          text: 'Akcí lze také otočit jeden trojúhelník o 120° se všemi figurami na něm, ať patří komukoli. RT+ otočí T proti směru hodinových ručiček (roh 1 na 2, 2 na 3, 3 na 1), RT- po směru; střed zůstane na místě. Otočení, po kterém by deska zůstala stejná, není povoleno.',
          goal: 'Dostaňte jednoduchou figuru z T1 na roh T3.',
          hint: 'T3 není soused T1. Kterým směrem je třeba otočit T?',
        },
        {
          text: 'Hráč 2 právě otočil trojúhelník L. Byl-li tah těsně předtím otočením trojúhelníku, nikdo teď otáčet nesmí.',
          goal: 'Dostaňte některou svou jednoduchou figuru na T3.',
          hint: 'Otočit T teď nelze, ale T4 a T3 leží na jedné straně.',
        },
        {
          text: 'Váš předchozí tah byl otočením T, které posunulo vaši jednoduchou figuru z T1 na T2. Hráč nesmí otáčet ve dvou svých tazích po sobě, i když tah těsně předtím otočením nebyl.',
          goal: 'Dostaňte jednoduchou figuru na T3.',
          hint: 'T2 a T3 patří do dvou různých konstelací.',
        },
      ],
    },
    {
      id: 'winning',
      title: 'Vítězství',
      steps: [
        {
          text: 'Po každém tahu vyhrává hráč, který obsadí všechny čtyři středy: T0, L0, R0 a C0.',
          goal: 'Obsaďte čtvrtý střed a vyhrajte.',
          hint: 'Vaše jednoduchá figura na C2 sousedí s C0.',
        },
        {
          text: 'Vyhrává také hráč, který obsadí střed a tři body uprostřed stran jednoho trojúhelníku. Vyhrává každá akce, která je doplní, i přivedení.',
          goal: 'Doplňte trojúhelník R a vyhrajte.',
          hint: 'Chybí bod uprostřed strany R6.',
        },
        {
          text: 'Hráč, který měl figury na desce a už žádnou nemá, vypadává. Když vypadnou všichni ostatní, vyhrává poslední, kdo zbyl. Hráči 2 zbyla jedna figura.',
          goal: 'Zajměte poslední figuru hráče 2 a vyhrajte.',
          hint: 'L3 patří do dolní konstelace, vaše dvojitá figura na T2 do levé.',
        },
      ],
    },
    {
      id: 'more-players',
      title: 'Tři a čtyři hráči',
      steps: [
        {
          text: 'Hrát mohou dva až čtyři hráči; pro čtyři má zásoba 15 kamenů. Hráč, který vypadl, se od té chvíle v pořadí tahů přeskakuje a ostatní hrají dál. Hráči 4 zbyla jedna jednoduchá figura, na T0.',
          goal: 'Vyřaďte hráče 4 ze hry.',
          hint: 'Vaše dvojitá figura na T2 sousedí s T0.',
        },
        {
          text: 'Hráč 2 vypadl, takže po hráči 3 jste znovu na tahu vy. Zajměte poslední figuru hráče 3 a zůstanete jako poslední.',
          goal: 'Vyhrajte jako poslední hráč, který zbyl.',
          hint: 'Vaše trojitá figura stojí na velkém rohu L2; R1 patří do pravé konstelace, protilehlé L2.',
        },
      ],
    },
    {
      id: 'draws',
      title: 'Remízy',
      steps: [
        {
          text: 'Hra končí remízou, když pozice nastane potřetí: stejné figury na stejných bodech, stejný hráč na tahu, stejné zákazy otáčení a stejní vypadlí hráči. Tady jednoduché figury obou hráčů dvakrát přešly tam a zpět.',
          goal: 'Dosáhněte remízy třetím opakováním pozice.',
          hint: 'Vraťte jednoduchou figuru tam, odkud přišla.',
        },
        {
          text: 'Remízou končí hra i po skončení 300. tahu; počítá se každý tah, i postavení první figury a vynechání (hráč bez povolené akce vynechává). Výhra v tomto tahu má přednost před remízou. Odehráno je 299 tahů a hráči 1 zbyla jedna figura, trojitá na L0.',
          goal: 'Vyhrajte v 300. tahu.',
          hint: 'Vaše jednoduchá figura na L5 sousedí s L0.',
        },
      ],
    },
  ],
};
